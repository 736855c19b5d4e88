import { ServerMessages as M } from '@folio/shared';
import type { ArticleAutosave, ArticleAutosaveRequest, AutosaveReceipt } from '@folio/shared';
import { notFound } from '../errors.js';
import { presentAutosave } from '../presenters/articles.presenter.js';
import type { ArticlesRepository } from '../store/articles.repository.js';
import type { AutosavesRepository } from '../store/autosaves.repository.js';
import { isoNow } from '../store/clock.js';

/**
 * The editor's unsaved work on the server (server/API.md §E9): at most one autosave per article,
 * the fields the editor holds that are not yet the article. Only the admin sees it; saving the
 * article's fields (or restoring a version) clears it.
 */
export class AutosaveService {
  constructor(
    private readonly autosaves: AutosavesRepository,
    private readonly articles: ArticlesRepository,
  ) {}

  has(id: number): boolean {
    return this.autosaves.has(id);
  }

  /** The autosave of an article as the admin detail carries it, or `null`. */
  async read(id: number): Promise<ArticleAutosave | null> {
    const record = await this.autosaves.read(id);
    return record ? presentAutosave(record) : null;
  }

  /**
   * Keeps the editor's fields for a live article (404 otherwise). Fields equal to the article's
   * are nothing unsaved (the owner typed and undid, or the editor's last autosave arrived after
   * the save): the autosave is then removed rather than kept.
   */
  async save(id: number, request: ArticleAutosaveRequest): Promise<AutosaveReceipt> {
    const article = this.articles.findLive(id);
    if (!article) throw notFound(M.articleNotFound);
    const { base_revision, ...fields } = request;
    const savedAt = isoNow();
    const unchanged =
      fields.title === article.title &&
      fields.category === article.category &&
      fields.tags.join(',') === article.tags.join(',') &&
      fields.summary === article.summary &&
      fields.cover === article.cover &&
      fields.content === this.articles.body(id);
    if (unchanged) await this.autosaves.remove([id]);
    else await this.autosaves.write(id, { ...fields, saved_at: savedAt, base_revision });
    return { saved_at: savedAt, base_revision };
  }

  /** Discards the autosaves of these articles; whether there was one to discard is not an error. */
  clear(ids: readonly number[]): Promise<void> {
    return this.autosaves.remove(ids);
  }
}
