import type { RedirectRule } from '@folio/shared';
import { normalizeSitePath } from '@folio/shared';
import type { BackupRepository, ImportPlan } from './backup.repository.js';
import type { Store } from './store.js';

/** What earlier blog imports brought (server/API.md §E21), by `import_source`, with the ids they were given. */
export interface ImportedSources {
  articles: Map<string, number>;
  comments: Map<string, number>;
}

/** The stored facts a blog import plans against, read in one turn. */
export interface BlogImportGround {
  sources: ImportedSources;
  /** Every stored article's slug, the recycle bin's included. */
  takenSlugs: Set<string>;
  /** The owner's redirects, as stored. */
  redirects: RedirectRule[];
  /** The ids the next new article and comment get. */
  nextArticleId: number;
  nextCommentId: number;
}

/**
 * A blog import's storage (server/API.md §E21): what is already there, and the one commit that
 * stores a whole import, all of it or nothing, through the backup import's plan.
 */
export class BlogImportRepository {
  constructor(
    private readonly store: Store,
    private readonly backups: BackupRepository,
  ) {}

  /** Reads every comment file once: an import runs seldom, and must see the comments of every article. */
  ground(): BlogImportGround {
    const state = this.store.state;
    const articles = new Map<string, number>();
    const comments = new Map<string, number>();
    for (const article of state.articles.items) if (article.import_source) articles.set(article.import_source, article.id);
    for (const comment of state.comments.all()) if (comment.import_source) comments.set(comment.import_source, comment.id);
    return {
      sources: { articles, comments },
      takenSlugs: new Set(state.articles.items.map((article) => article.slug)),
      redirects: state.redirects.items.map((rule) => ({ ...rule })),
      nextArticleId: state.articles.next_id,
      nextCommentId: state.comments.next_id,
    };
  }

  /** Whether the owner's redirects hold a rule from this address (so an imported slug leaves it alone). */
  static redirectedFrom(rules: readonly RedirectRule[]): Set<string> {
    return new Set(rules.map((rule) => normalizeSitePath(rule.from)));
  }

  /**
   * Stores the import at once. Every record is new: one stored since the plan was made under one
   * of its ids or slugs makes the commit refuse ({@link ImportPlanStaleError}), changing nothing.
   */
  apply(plan: Omit<ImportPlan, 'allNew'>): Promise<void> {
    return this.backups.apply({ ...plan, allNew: true });
  }
}
