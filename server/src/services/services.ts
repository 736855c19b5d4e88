import { ServerMessages as M } from '@folio/shared';
import type { ServerConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { ArticlesRepository } from '../store/articles.repository.js';
import { AutosavesRepository } from '../store/autosaves.repository.js';
import { AvatarsRepository } from '../store/avatars.repository.js';
import { BackupRepository } from '../store/backup.repository.js';
import { BlogImportRepository } from '../store/blog-import.repository.js';
import { CommentSettingsRepository } from '../store/comment-settings.repository.js';
import { CommentsRepository } from '../store/comments.repository.js';
import { DiagramsRepository } from '../store/diagrams.repository.js';
import { IdempotencyRepository } from '../store/idempotency.repository.js';
import { PreviewLinksRepository } from '../store/preview-links.repository.js';
import { ProjectsRepository } from '../store/projects.repository.js';
import { ReaderStatsRepository } from '../store/reader-stats.repository.js';
import { RedirectsRepository } from '../store/redirects.repository.js';
import { SkillOrContactRepository } from '../store/skills-and-contacts.repository.js';
import { RevokedTokensRepository } from '../store/revoked-tokens.repository.js';
import { RevisionsRepository } from '../store/revisions.repository.js';
import type { ContactRecord, SkillRecord } from '../store/records.js';
import { SiteBlocksRepository } from '../store/site-blocks.repository.js';
import type { StorageHealth } from '../store/storage-health.js';
import type { Store } from '../store/store.js';
import { ImageSizesRepository } from '../store/image-sizes.repository.js';
import { UploadsRepository } from '../store/uploads.repository.js';
import { AiAnalyzeService } from './ai/analyze.service.js';
import { ArticleBodyFactsCache } from './article-body-facts.js';
import { ArticleSearchIndex } from './article-search.js';
import { ArticlesService } from './articles.service.js';
import { AutosaveService } from './autosave.service.js';
import { AuthService, loadAdminCredentials } from './auth.service.js';
import { AvatarsService } from './avatars.service.js';
import { BackupExportService } from './backup-export.service.js';
import { BackupImportService } from './backup-import.service.js';
import { createBackupsService } from './backups/index.js';
import type { BackupHooks, BackupsService } from './backups/index.js';
import { defaultBlogImportSteps } from './blog-import/default-steps.js';
import { BlogImportService } from './blog-import/import-job.js';
import { CommentSettingsService } from './comment-settings.service.js';
import { CommentsService } from './comments.service.js';
import { HeldCommentTokens } from './held-comment-tokens.js';
import { DiagramsService } from './diagrams.service.js';
import { IdempotencyService } from './idempotency.service.js';
import { ImageSizesService } from './image-sizes.service.js';
import { MailService } from './mail/mail.service.js';
import { MarkdownImportService } from './markdown-import.service.js';
import { PreviewLinksService } from './preview-links.service.js';
import { ProjectsService } from './projects.service.js';
import { PublicArticlesService } from './public-articles.service.js';
import { PublishingSchedule } from './publishing-schedule.service.js';
import { ReaderStatsService } from './reader-stats/reader-stats.service.js';
import type { ReaderStatsHooks } from './reader-stats/reader-stats.service.js';
import { SkillOrContactService } from './skills-and-contacts.service.js';
import { createSubscribersService } from './subscribers/create-subscribers.js';
import type { SubscribersService } from './subscribers/subscribers.service.js';
import { RecycleBinService } from './recycle-bin.service.js';
import { RedirectsService } from './redirects.service.js';
import { RevisionsService } from './revisions.service.js';
import { SiteBlocksService } from './site-blocks.service.js';
import { UploadsService } from './uploads.service.js';

/** Every service the routes and the page renderer use; built once per app by {@link createServices}. */
export interface Services {
  auth: AuthService;
  siteBlocks: SiteBlocksService;
  skills: SkillOrContactService<SkillRecord>;
  contacts: SkillOrContactService<ContactRecord>;
  avatars: AvatarsService;
  uploads: UploadsService;
  /** Page sizes of uploaded images, made in the background (server/API.md §E11). */
  imageSizes: ImageSizesService;
  /** The owner's articles, whatever their status (server/API.md §9, §E8). */
  articles: ArticlesService;
  /** What readers see: published articles only (server/API.md §8, §E8). */
  publicArticles: PublicArticlesService;
  /** The editor's unsaved work (server/API.md §E9). */
  autosaves: AutosaveService;
  /** Preview links of unpublished articles (server/API.md §E17). */
  previewLinks: PreviewLinksService;
  /** Publishes scheduled articles at their time (server/API.md §E8); the app starts it. */
  schedule: PublishingSchedule;
  /** Remembered `Idempotency-Key`s of article creations (server/API.md §E2). */
  idempotency: IdempotencyService;
  comments: CommentsService;
  /** Moderation settings and the unread count of comments (server/API.md §E12). */
  commentSettings: CommentSettingsService;
  /** Comment mail: its notices, the background sender the app starts, the outbox (server/API.md §E13). */
  mail: MailService;
  /** Pre-rendered Mermaid diagrams of articles. */
  diagrams: DiagramsService;
  recycleBin: RecycleBinService;
  /** Articles' previous versions (server/API.md §E10). */
  revisions: RevisionsService;
  /** The owner's redirects (server/API.md §E19). */
  redirects: RedirectsService;
  /** The owner's projects from the code host, the last good fetch kept (server/API.md §E20). */
  projects: ProjectsService;
  markdownImport: MarkdownImportService;
  aiAnalyze: AiAnalyzeService;
  backupExport: BackupExportService;
  backupImport: BackupImportService;
  /** Scheduled backups to a folder, WebDAV or S3, and restores from them (server/API.md §E22); the app starts it. */
  backups: BackupsService;
  /** Moving a WordPress, Ghost or static blog in, one background job at a time (server/API.md §E21). */
  blogImport: BlogImportService;
  /** Readers' page views and visitors, counted without cookies or addresses kept (server/API.md §E23). */
  readerStats: ReaderStatsService;
  /** Readers subscribed by mail to new articles (server/API.md §E23.10). */
  subscribers: SubscribersService;
  /** How the data directory's writes are going: a full or failing disk (server/API.md §E15). */
  storage: StorageHealth;
  /** The store's change count ({@link Store.generation}): unchanged means only view counts moved. */
  dataGeneration(): number;
  /** The views counted since start: unchanged means no view count moved (they are outside {@link dataGeneration}). */
  viewGeneration(): number;
}

/**
 * The one place services are built: each repository once, shared by the services that need
 * it, so in-memory state (the search index, the import lock) is one per app.
 */
export async function createServices(
  config: ServerConfig,
  store: Store,
  logger: Logger,
  backupHooks?: BackupHooks,
  statsHooks?: ReaderStatsHooks,
): Promise<Services> {
  const articleRepository = new ArticlesRepository(store);
  const commentRepository = new CommentsRepository(store);
  const commentSettingsRepository = new CommentSettingsRepository(store);
  const imageSizesRepository = await ImageSizesRepository.open(store.dataDir);
  const uploadRepository = new UploadsRepository(store, imageSizesRepository);
  const imageSizes = new ImageSizesService(imageSizesRepository, uploadRepository, logger);
  // Page sizes appear in the background and change what a public page shows (its <picture>s).
  const dataGeneration = () => store.generation + imageSizesRepository.changes;
  const uploads = new UploadsService(uploadRepository, config.maxImageBytes);
  const backupRepository = new BackupRepository(store);
  const diagramRepository = new DiagramsRepository(store);
  const siteBlocks = new SiteBlocksService(new SiteBlocksRepository(store));
  const searchIndex = new ArticleSearchIndex(articleRepository);
  const bodyFacts = new ArticleBodyFactsCache(articleRepository);
  const schedule = new PublishingSchedule(articleRepository);
  const autosaves = new AutosaveService(
    await AutosavesRepository.open(store.dataDir, (id) => articleRepository.find(id) !== undefined),
    articleRepository,
  );
  const articles = new ArticlesService({
    articles: articleRepository,
    comments: commentRepository,
    diagrams: diagramRepository,
    searchIndex,
    bodyFacts,
    autosaves,
    schedule,
  });
  // A failed save is also logged with its request; a failed background compaction only here.
  store.health.onFailure((failure, error) => logger.error(`Data directory write failed (${failure.operation})`, error));
  const credentials = await loadAdminCredentials(config, logger);
  const mail = new MailService(config, store, credentials.secret, logger);
  const publicArticles = new PublicArticlesService(
    articleRepository,
    commentRepository,
    diagramRepository,
    searchIndex,
    dataGeneration,
    (filename) => imageSizes.facts(filename),
    bodyFacts,
  );
  const auth = new AuthService(new RevokedTokensRepository(store), credentials);
  const readerStats = new ReaderStatsService({
    repository: new ReaderStatsRepository(store),
    isOwnerToken: (token) => {
      try {
        auth.verify(token);
        return true;
      } catch {
        return false;
      }
    },
    // The article's `views` and its page's figures come from this one event (server/API.md §E23.2).
    addArticleView: (id) => void publicArticles.countView(id),
    titleOfPath: (path) => {
      const id = path.startsWith('/articles/') ? publicArticles.publishedIdOfSlug(path.slice('/articles/'.length)) : undefined;
      return id === undefined ? undefined : articleRepository.find(id)?.title;
    },
    ownHosts: config.publicUrl ? [config.publicUrl] : [],
    hooks: statsHooks,
  });
  const backupImport = new BackupImportService(backupRepository, uploadRepository, logger, schedule);
  const subscribers = createSubscribersService(config, store, articleRepository, bodyFacts, mail, credentials.secret);
  // The statistics show how many confirmed subscribers there are (server/API.md §E23.3).
  readerStats.countSubscribersWith(() => subscribers.confirmedCount());
  return {
    auth,
    siteBlocks,
    skills: new SkillOrContactService(new SkillOrContactRepository<SkillRecord>(store, 'skills'), M.skillNotFound),
    contacts: new SkillOrContactService(new SkillOrContactRepository<ContactRecord>(store, 'contacts'), M.contactNotFound),
    avatars: new AvatarsService(new AvatarsRepository(store), uploadRepository, logger, config.maxImageBytes),
    uploads,
    imageSizes,
    articles,
    publicArticles,
    autosaves,
    previewLinks: new PreviewLinksService(new PreviewLinksRepository(store), articleRepository, articles, (filename) =>
      imageSizes.facts(filename),
    ),
    schedule,
    idempotency: new IdempotencyService(new IdempotencyRepository(store)),
    comments: new CommentsService(
      commentRepository,
      articles,
      publicArticles,
      { siteBlocks, adminUsername: config.adminUsername },
      commentSettingsRepository,
      new HeldCommentTokens(credentials.secret),
      mail.notices,
    ),
    commentSettings: new CommentSettingsService(commentSettingsRepository, commentRepository),
    mail,
    diagrams: new DiagramsService(diagramRepository, articleRepository),
    recycleBin: new RecycleBinService(articles, config.recycleBinRetentionMs),
    revisions: new RevisionsService(new RevisionsRepository(store), articles, autosaves),
    redirects: new RedirectsService(new RedirectsRepository(store)),
    projects: new ProjectsService(config.codeHost, ProjectsRepository.open(store.dataDir), siteBlocks, logger),
    markdownImport: new MarkdownImportService(articles),
    aiAnalyze: new AiAnalyzeService(config, () => articles.liveCategoryNames(), logger),
    backupExport: new BackupExportService(backupRepository, uploadRepository),
    backupImport,
    backups: createBackupsService({
      config,
      dataDir: store.dataDir,
      uploadsDir: store.uploadsDir,
      backups: backupRepository,
      uploads: uploadRepository,
      importer: backupImport,
      mail,
      logger,
      hooks: backupHooks,
    }),
    blogImport: new BlogImportService(
      new BlogImportRepository(store, backupRepository),
      schedule,
      uploadRepository.tempDir,
      logger,
      defaultBlogImportSteps({ uploads, allowPrivateHosts: config.importAllowPrivateHosts }),
    ),
    readerStats,
    subscribers,
    storage: store.health,
    dataGeneration,
    viewGeneration: () => articleRepository.viewGeneration,
  };
}
