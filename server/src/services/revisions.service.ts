import { ServerMessages as M, tagsFromCommaString } from '@folio/shared';
import type { ArticleRevision, ArticleRevisionListItem, RevisionSource } from '@folio/shared';
import { notFound } from '../errors.js';
import { presentRevision, presentRevisionListItem } from '../presenters/revisions.presenter.js';
import type { ArticleRecord } from '../store/records.js';
import type { RevisionsRepository } from '../store/revisions.repository.js';
import type { ArticlesService, RevisionPrecondition } from './articles.service.js';
import type { AutosaveService } from './autosave.service.js';

/**
 * An article's history (server/API.md §E10): the previous versions the store keeps whenever a
 * change replaces the six editable fields, and restoring one. Only live articles are served, as
 * the admin detail is; a binned article keeps its history for when it comes back.
 */
export class RevisionsService {
  constructor(
    private readonly revisions: RevisionsRepository,
    private readonly articles: ArticlesService,
    private readonly autosaves: AutosaveService,
  ) {}

  /** The previous versions of a live article, newest first; 404 for a missing or binned one. */
  async list(id: number): Promise<ArticleRevisionListItem[]> {
    const article = this.articles.requireLive(id);
    return (await this.revisions.list(article)).map(presentRevisionListItem);
  }

  /** The version current at `revision`; 404 `该版本不存在或已超出保留范围` when it is not kept. */
  async get(id: number, revision: number): Promise<ArticleRevision> {
    return presentRevision(await this.requireVersion(this.articles.requireLive(id), revision));
  }

  /**
   * Makes the version current at `revision` the article's fields again, as a new change made by
   * `source`: the version it replaces is kept like any other, so nothing is lost. `If-Match` is
   * honoured as for a PUT (412 with the current copy).
   */
  async restore(id: number, revision: number, precondition: RevisionPrecondition | undefined, source: RevisionSource) {
    const version = await this.requireVersion(this.articles.requireLive(id), revision);
    const { title, category, tags, summary, cover, content } = version;
    const fields = { title, category, tags: tagsFromCommaString(tags), summary, cover, content };
    return this.articles.update(id, fields, precondition, source);
  }

  /**
   * Puts the version current at `revision` in the article's autosave (server/API.md §E9), based on
   * the article's revision now: the editor then offers it, and readers keep seeing the article until
   * the owner saves it. The article and its history are left as they are.
   */
  async restoreIntoAutosave(id: number, revision: number): Promise<ArticleRecord> {
    const article = this.articles.requireLive(id);
    const version = await this.requireVersion(article, revision);
    const { title, category, tags, summary, cover, content } = version;
    await this.autosaves.save(id, {
      title,
      category,
      tags: tagsFromCommaString(tags),
      summary,
      cover,
      content,
      base_revision: article.revision,
    });
    return article;
  }

  private async requireVersion(article: ArticleRecord, revision: number): Promise<ArticleRevision> {
    const version = await this.revisions.versionAt(article, revision);
    if (!version) throw notFound(M.revisionNotFound);
    return version;
  }
}
