import { ArticlesRepository } from '../../server/src/store/articles.repository.js';
import { seedSampleSite } from '../../server/src/services/seed.service.js';
import { CommentsRepository } from '../../server/src/store/comments.repository.js';
import { Store } from '../../server/src/store/store.js';
import { buildBenchArticle } from './corpus.js';

export interface SeedOptions {
  articleCount: number;
  /** Comments spread over the articles, newest article first. */
  commentCount: number;
}

export interface SeededSite {
  markdownBytes: number;
  /** The newest article: the one the detail, page and comment scenarios use. */
  detailId: number;
  /** A sample article with a Mermaid diagram: the page weight and Lighthouse runs load it too. */
  diagramId: number;
}

const BATCH = 500;

/**
 * Fills an empty data dir through the server's own repositories, so the bench reads exactly the
 * files a real site has. Concurrent creates share group commits, so 100,000 comments take seconds.
 */
export async function seedSite(dataDir: string, options: SeedOptions): Promise<SeededSite> {
  const store = await Store.open(dataDir);
  // The sample site first (about text, skills, contacts, avatar), so the landing page is a real one.
  await seedSampleSite(store);
  const articles = new ArticlesRepository(store);
  const comments = new CommentsRepository(store);
  let markdownBytes = 0;
  for (let start = 0; start < options.articleCount; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, options.articleCount - start) }, (_, offset) =>
      buildBenchArticle(start + offset),
    );
    markdownBytes += batch.reduce((sum, article) => sum + Buffer.byteLength(article.content), 0);
    await Promise.all(batch.map((article) => articles.create(article)));
  }
  const live = articles.listLive();
  const ids = live.map((article) => article.id);
  const diagramId = live.find((article) => articles.body(article.id).includes('```mermaid'))?.id;
  if (diagramId === undefined) throw new Error('the sample site has no article with a diagram');
  for (let start = 0; start < options.commentCount; start += BATCH) {
    const count = Math.min(BATCH, options.commentCount - start);
    await Promise.all(
      Array.from({ length: count }, (_, offset) => {
        const n = start + offset;
        return comments.create({
          article_id: ids[n % ids.length] ?? 1,
          author: `读者${n}`,
          email: '',
          content: '写得很清楚，收藏了。',
          ip_address: '127.0.0.1',
          user_agent: 'bench',
        });
      }),
    );
  }
  await store.flush();
  return { markdownBytes, detailId: ids[0] ?? 1, diagramId };
}
