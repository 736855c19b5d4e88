import { LRUCache } from 'lru-cache';
import { bodyFactsOf } from '../presenters/article-excerpt.js';
import type { ArticleBodyFacts } from '../presenters/article-excerpt.js';
import type { ArticlesRepository } from '../store/articles.repository.js';

/**
 * How many articles' facts are kept: a few pages of every list and feed. A list shows 20 articles
 * at a time, so one missing from here costs reading and parsing its body once, not the whole site.
 */
const KEPT_ARTICLES = 4096;

/**
 * The excerpt and first image of each article's body (server/API.md §E18), derived once per body
 * change rather than on every list request: kept by article id with the body's version, so a new
 * body is parsed again on its next read and an unchanged one never is. Bodies are read from
 * their files on demand, so only the articles a list shows are ever parsed.
 */
export class ArticleBodyFactsCache {
  private readonly known = new LRUCache<number, { version: number; facts: ArticleBodyFacts }>({ max: KEPT_ARTICLES });

  constructor(private readonly articles: Pick<ArticlesRepository, 'body' | 'bodyVersion'>) {}

  /** The facts of article `id`'s current body. */
  of(id: number): ArticleBodyFacts {
    const version = this.articles.bodyVersion(id);
    const kept = this.known.get(id);
    if (kept && kept.version === version) return kept.facts;
    const facts = bodyFactsOf(this.articles.body(id));
    this.known.set(id, { version, facts });
    return facts;
  }
}
