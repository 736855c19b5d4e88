import { Router } from '@koa/router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAdminArticleRoutes } from '../../src/routes/admin/articles/index.js';
import { startTestServer } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A path the route's own pattern matches: each `:param` a number, each `*rest` two segments. */
function samplePath(pattern: string): string {
  return pattern.replace(/:\w+/g, '1').replace(/\*\w+/g, 'a/b');
}

/**
 * Routes an earlier route hides: Koa's router runs the first route whose method and pattern
 * match, so a literal `/order` registered after `/:id` would never answer.
 */
function hiddenRoutes(router: Router): string[] {
  const hidden: string[] = [];
  for (const layer of router.stack) {
    const path = samplePath(String(layer.path));
    for (const method of layer.methods) {
      const answering = router.match(path, method).pathAndMethod[0];
      if (answering !== layer) hidden.push(`${method} ${String(layer.path)} is answered by ${String(answering?.path)}`);
    }
  }
  return hidden;
}

describe('route order', () => {
  it('lets every route of the API answer its own paths: none is hidden by one registered before it', () => {
    const routes = server.app.router.stack.map((layer) => String(layer.path));
    expect(routes).toContain('/api/admin/skills/order');
    expect(routes).toContain('/api/admin/articles/batch-delete');
    expect(hiddenRoutes(server.app.router)).toEqual([]);
  });

  it('registers the admin article routes with every literal path before any `/:id` path, wherever app.ts calls them', () => {
    const router = new Router();
    registerAdminArticleRoutes(router, server.app.context);
    const paths = router.stack.map((layer) => String(layer.path));
    const firstWithId = paths.findIndex((path) => path.includes('/:'));
    expect(paths.slice(0, firstWithId)).toEqual(
      expect.arrayContaining([
        '/api/admin/articles',
        '/api/admin/articles/batch-delete',
        '/api/admin/articles/import-md',
        '/api/admin/articles/ai-analyze',
        '/api/admin/recycle-bin',
      ]),
    );
    expect(paths.slice(firstWithId).filter((path) => !path.includes('/:'))).toEqual([]);
    expect(paths).toContain('/api/admin/articles/:id');
    expect(hiddenRoutes(router)).toEqual([]);
  });
});
