import { ServerMessages as M } from '@folio/shared';
import type { ArticlePublication, BackupImportSummary, FieldError } from '@folio/shared';
import { AppError, conflict } from '../errors.js';
import type { Logger } from '../logger.js';
import { ImportWritePendingError } from '../store/backup.repository.js';
import type { BackupRepository } from '../store/backup.repository.js';
import type { ImportPlan } from '../store/backup.repository.js';
import { slugFromTitle } from '../store/article-slugs.js';
import { isoNow } from '../store/clock.js';
import type { UploadsRepository } from '../store/uploads.repository.js';
import { uploadsShownBy } from './article-images.js';
import { checkBackup } from './backup-import.checks.js';
import type { DecodedFile } from './backup-import.checks.js';
import { BACKUP_SECTIONS, backupSchema, formatIssuePath } from './backup-import.schema.js';
import type { BackupSection, ParsedArticle, ParsedBackup } from './backup-import.schema.js';
import type { PublishingSchedule } from './publishing-schedule.service.js';

/** At most this many problems are listed in `data.errors`. */
const MAX_REPORTED_ERRORS = 50;

export interface ImportResult extends BackupImportSummary {
  /** The sections the backup contained (one realtime event each). */
  sections: BackupSection[];
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The backup inside a body: the object itself, or `data` of a whole saved export response. */
function unwrapBackup(body: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(body)) return undefined;
  const hasSection = BACKUP_SECTIONS.some((section) => section in body);
  return !hasSection && isPlainObject(body.data) ? body.data : body;
}

function importFailed(errors: FieldError[]): AppError {
  const [first] = errors;
  const firstProblem = first && first.field !== 'body' ? `${first.field} ${first.msg}` : (first?.msg ?? M.importNothingFound);
  return new AppError(400, 'validation_failed', M.importFormatError(firstProblem), {
    errors: errors.slice(0, MAX_REPORTED_ERRORS),
  });
}

/**
 * An imported article's status and schedule (server/API.md §E8 and §15): the original's backups
 * have none, and all its articles were public, since it was created. A scheduled article whose
 * time passed while it was in the file is published by the schedule as soon as it is stored.
 */
function importedPublication(article: ParsedArticle): ArticlePublication {
  const status = article.status ?? 'published';
  if (status === 'draft') return { status, publish_at: null };
  return { status, publish_at: article.publish_at ?? article.created_at };
}

/**
 * Turns validated sections into rows; a missing `sort_order` is the position in its array, a
 * missing slug the one the title gives (made unique when the plan is applied).
 */
async function buildPlan(parsed: ParsedBackup): Promise<ImportPlan> {
  const slugs = new Map<number, string>();
  for (const article of parsed.articles ?? []) slugs.set(article.id, article.slug ?? (await slugFromTitle(article.title)));
  return {
    siteBlocks: parsed.site_blocks?.map(({ name, content, updated_at }) => ({ name, content, updated_at })),
    skills: parsed.skills?.map((skill, index) => ({ ...skill, sort_order: skill.sort_order ?? index })),
    contacts: parsed.contacts?.map((contact, index) => ({ ...contact, sort_order: contact.sort_order ?? index })),
    avatars: parsed.avatars?.map((avatar, index) => ({ ...avatar, sort_order: avatar.sort_order ?? index })),
    articles: parsed.articles?.map((article) => ({
      ...article,
      slug: slugs.get(article.id) ?? '',
      ...importedPublication(article),
      views: article.views ?? undefined,
    })),
    comments: parsed.comments?.map(({ parent_id, is_owner, status, held_reason, ...comment }) => ({
      ...comment,
      parent_id: parent_id ?? null,
      ...(is_owner === true && { is_owner }),
      status: status ?? 'published',
      // Only a held comment has a reason to be held.
      ...(status === 'pending' && held_reason ? { held_reason } : {}),
    })),
    commentSettings: parsed.comment_settings,
    redirects: parsed.redirects,
    readerStats: parsed.reader_stats?.days,
    subscribers: parsed.subscribers ?? undefined,
  };
}

/**
 * Restores a backup (server/API.md §15): validate everything, write the embedded files, then commit every
 * section at once. One import runs at a time; a second one gets 409 at once.
 */
export class BackupImportService {
  private running = false;

  constructor(
    private readonly backups: BackupRepository,
    private readonly uploads: UploadsRepository,
    private readonly logger: Logger,
    /** Re-armed after an import: it may bring scheduled articles, some already due. */
    private readonly schedule: PublishingSchedule,
  ) {}

  /** Runs `work` while holding the import lock; taken before the body is read, so a slow upload holds it too. */
  async exclusively<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) throw conflict(M.importRunning);
    this.running = true;
    try {
      return await work();
    } finally {
      this.running = false;
    }
  }

  async import(body: unknown): Promise<ImportResult> {
    const backup = unwrapBackup(body);
    const sections = BACKUP_SECTIONS.filter((section) => backup && section in backup);
    if (!backup || sections.length === 0) throw importFailed([{ field: 'body', msg: M.importNothingFound }]);

    const result = backupSchema(isoNow()).safeParse(backup);
    if (!result.success) {
      throw importFailed(result.error.issues.map((issue) => ({ field: formatIssuePath(issue.path), msg: issue.message })));
    }
    const parsed = result.data;
    const storedArticles = this.backups.articleIds();
    const report = await checkBackup(parsed, (id) => storedArticles.has(id));
    if (report.errors.length > 0) throw importFailed(report.errors);
    const warnings = await this.missingFileWarnings(parsed, report.files);

    await this.commitWithFiles(await buildPlan(parsed), report.files);
    if (parsed.articles) this.schedule.rearm();
    return {
      format: 'version' in backup ? 'v2' : 'legacy',
      counts: Object.fromEntries(BACKUP_SECTIONS.map((section) => [section, parsed[section]?.length ?? 0])) as Record<
        BackupSection,
        number
      >,
      warnings,
      sections,
    };
  }

  /** Avatars, covers and body images whose file is neither in the backup nor already in the upload folder. */
  private async missingFileWarnings(parsed: ParsedBackup, files: readonly DecodedFile[]): Promise<string[]> {
    const embedded = new Set(files.map((file) => file.filename));
    const warnings: string[] = [];
    const check = async (field: string, filename: string | undefined) => {
      if (filename && !embedded.has(filename) && !(await this.uploads.exists(filename)))
        warnings.push(`${field}: ${M.importFileMissing(filename)}`);
    };
    for (const [index, avatar] of (parsed.avatars ?? []).entries()) await check(`avatars[${index}]`, avatar.filename);
    for (const [index, article] of (parsed.articles ?? []).entries())
      for (const filename of uploadsShownBy(article.cover, article.content)) await check(`articles[${index}]`, filename);
    return warnings;
  }

  /**
   * Writes the files, then commits the records. If the commit fails, the files written are
   * removed again and any file they replaced is put back.
   */
  private async commitWithFiles(plan: ImportPlan, files: readonly DecodedFile[]): Promise<void> {
    const written: { filename: string; aside: string | undefined }[] = [];
    try {
      for (const file of files) {
        const existing = await this.uploads.read(file.filename);
        if (existing?.equals(file.bytes)) continue;
        const aside = existing ? await this.uploads.setAside(file.filename) : undefined;
        written.push({ filename: file.filename, aside });
        // A new file is logged, so that a kill before the commit leaves nothing the next start keeps.
        if (aside) await this.uploads.write(file.filename, file.bytes);
        else await this.uploads.writeNew(file.filename, file.bytes);
      }
      await this.backups.apply(plan);
    } catch (error) {
      if (error instanceof ImportWritePendingError) throw error;
      for (const { filename, aside } of written.reverse()) {
        await this.uploads.remove(filename).catch(() => {});
        if (aside)
          await this.uploads
            .restoreAside(filename, aside)
            .catch((restoreError: unknown) => this.logger.error(`Could not restore ${filename}`, restoreError));
        else await this.uploads.forget(filename).catch(() => {});
      }
      throw error;
    }
    for (const { aside } of written) if (aside) await this.uploads.dropAside(aside).catch(() => {});
  }
}
