import { ServerMessages as M } from '@folio/shared';
import type { RecycleBinItem } from '@folio/shared';
import { notFound } from '../errors.js';
import type { Logger } from '../logger.js';
import { presentRecycleBinItem } from '../presenters/articles.presenter.js';
import type { ArticleRecord } from '../store/records.js';
import type { ArticlesService } from './articles.service.js';

const HOUR_MS = 60 * 60 * 1000;
/** Floor for the purge interval, so a test's tiny retention cannot turn it into a busy loop. */
const MIN_PURGE_INTERVAL_MS = 50;

const newestDeletedFirst = (a: ArticleRecord, b: ArticleRecord) =>
  (a.deleted_at ?? '') < (b.deleted_at ?? '') ? 1 : (a.deleted_at ?? '') > (b.deleted_at ?? '') ? -1 : b.id - a.id;

/** The recycle bin of server/API.md §10: binned articles, restore, purge and the automatic purge. */
export class RecycleBinService {
  constructor(
    private readonly articles: ArticlesService,
    private readonly retentionMs: number,
  ) {}

  private isExpired(article: ArticleRecord, now: number): boolean {
    return article.deleted_at !== null && Date.parse(article.deleted_at) + this.retentionMs <= now;
  }

  /** Binned articles, newest `deleted_at` first. Expired ones are purged first, so none is shown past its `purge_at`. */
  async list(): Promise<ArticleRecord[]> {
    await this.purgeExpired();
    return this.articles.listBinned().sort(newestDeletedFirst);
  }

  present(list: readonly ArticleRecord[]): RecycleBinItem[] {
    return list.map((article) =>
      presentRecycleBinItem(article, this.articles.stats(article), this.articles.bodyFactsOf(article), this.retentionMs),
    );
  }

  private requireBinned(id: number): ArticleRecord {
    const article = this.articles.findBinned(id);
    if (!article) throw notFound(M.notInBin);
    return article;
  }

  async restore(id: number): Promise<ArticleRecord> {
    this.requireBinned(id);
    const restored = await this.articles.restoreFromBin(id);
    if (!restored) throw notFound(M.notInBin);
    return restored;
  }

  async purge(id: number): Promise<void> {
    this.requireBinned(id);
    const [purged] = await this.articles.purgeFromBin([id]);
    if (!purged) throw notFound(M.notInBin);
  }

  /** Purges every binned article; resolves with how many were removed. */
  async empty(): Promise<number> {
    const ids = this.articles.listBinned().map((article) => article.id);
    if (ids.length === 0) return 0;
    return (await this.articles.purgeFromBin(ids)).length;
  }

  /** Purges articles binned longer than the retention period; resolves with how many were removed. */
  async purgeExpired(now: number = Date.now()): Promise<number> {
    const ids = this.articles
      .listBinned()
      .filter((article) => this.isExpired(article, now))
      .map((article) => article.id);
    if (ids.length === 0) return 0;
    return (await this.articles.purgeFromBin(ids)).length;
  }

  /**
   * Runs {@link purgeExpired} now and then regularly (hourly, or as often as the retention when
   * that is shorter). The timer is unref'd so it never keeps the process alive; call the returned
   * function to stop it when the app closes.
   */
  startAutomaticPurge(logger: Logger): () => Promise<void> {
    let running: Promise<unknown> = Promise.resolve();
    const run = () => {
      running = running
        .then(() => this.purgeExpired())
        .then((count) => {
          if (count > 0) logger.info(`Purged ${count} article(s) from the recycle bin after the retention period`);
        })
        .catch((error: unknown) => logger.error('Automatic recycle-bin purge failed', error));
    };
    run();
    const intervalMs = Math.max(MIN_PURGE_INTERVAL_MS, Math.min(HOUR_MS, this.retentionMs));
    const timer = setInterval(run, intervalMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }
}
