import { ArticlesRepository } from '../../server/src/store/articles.repository.js';
import { seedSampleSite } from '../../server/src/services/seed.service.js';
import { isoNow } from '../../server/src/store/clock.js';
import { Store } from '../../server/src/store/store.js';
import { buildBenchArticle } from './corpus.js';

export interface SeedOptions {
  articleCount: number;
  /** Comments spread over the articles, newest article first. */
  commentCount: number;
}

export interface SeededSite {
  markdownBytes: number;
  /** The newest article without a diagram: the one the detail, page and comment scenarios use. */
  detailId: number;
  /** A sample article with Mermaid diagrams, left for visitors' browsers to draw. */
  diagramId: number;
  /** Another sample article with a diagram, which the bench has the admin draw ahead of time. */
  drawnDiagramId: number;
  /** How many diagrams that article has. */
  drawnDiagramCount: number;
}

const BATCH = 500;

/**
 * Fills an empty data dir through the server's own store and repositories, so the bench reads
 * exactly the files a real site has. Concurrent creates share group commits.
 */
export async function seedSite(dataDir: string, options: SeedOptions): Promise<SeededSite> {
  const store = await Store.open(dataDir);
  // The sample site first (about text, skills, contacts, avatar), so the landing page is a real one.
  await seedSampleSite(store);
  const articles = new ArticlesRepository(store);
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
  const hasDiagram = (id: number) => articles.body(id).includes('```mermaid');
  const [diagramId, drawnDiagramId] = ids.filter(hasDiagram);
  const plainId = ids.find((id) => !hasDiagram(id));
  if (diagramId === undefined || drawnDiagramId === undefined || plainId === undefined)
    throw new Error('the bench site needs two articles with a diagram and one without');
  const drawnDiagramCount = articles.body(drawnDiagramId).split('```mermaid').length - 1;
  // One mutation for all comments: the store then writes each article's comment file once,
  // instead of once per group commit (100,000 comments over 2,000 articles would be ~100,000 writes).
  await store.mutate(['comments'], (state) => {
    for (let n = 0; n < options.commentCount; n += 1) {
      state.comments.put({
        id: state.comments.takeNextId(),
        article_id: ids[n % ids.length] ?? 1,
        author: `读者${n}`,
        email: '',
        content: '写得很清楚，收藏了。',
        ip_address: '127.0.0.1',
        user_agent: 'bench',
        created_at: isoNow(),
      });
    }
  });
  await store.flush();
  return { markdownBytes, detailId: plainId, diagramId, drawnDiagramId, drawnDiagramCount };
}
