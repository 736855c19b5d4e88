import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicArticleDetail, PublicArticleList, UndrawnDiagrams } from '@folio/shared';
import { SAMPLE_ARTICLES } from '../../src/services/sample-site.js';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  api = apiClient(server.url);
});
afterAll(() => server.close());

const fencesOf = (content: string) => content.match(/^```mermaid$/gm)?.length ?? 0;

describe('the sample site a first start seeds', () => {
  it('comes with every diagram of its articles drawn, so the admin has none left to draw', async () => {
    expect(SAMPLE_ARTICLES.some((article) => fencesOf(article.content) > 0)).toBe(true);
    const token = await server.login();
    const undrawn = await api<EnvelopeBody>('GET', '/api/admin/diagrams/undrawn', { token });
    expect(undrawn.status).toBe(200);
    expect((undrawn.body.data as UndrawnDiagrams).article_ids).toEqual([]);
  });

  it('shows each diagram to visitors as an image of known size, in both themes', async () => {
    const list = (await api<PublicArticleList>('GET', '/api/articles?page=1&per_page=50')).body;
    let seen = 0;
    for (const { id } of list.articles) {
      const detail = (await api<PublicArticleDetail>('GET', `/api/articles/${id}`)).body;
      expect(detail.diagrams).toHaveLength(fencesOf(detail.content));
      for (const diagram of detail.diagrams) {
        expect(detail.content).toContain(diagram.source);
        expect(diagram.width).toBeGreaterThan(0);
        expect(diagram.height).toBeGreaterThan(0);
        for (const url of [diagram.light_url, diagram.dark_url]) {
          const image = await fetch(new URL(url, server.url));
          expect(image.status).toBe(200);
          expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
          expect(await image.text()).toMatch(/^<svg[\s>]/);
        }
        seen += 1;
      }
    }
    expect(seen).toBe(SAMPLE_ARTICLES.reduce((sum, article) => sum + fencesOf(article.content), 0));
  });
});
