import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_CACHE_CONTROL } from '../../src/http/http-cache.js';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import { rawRequest } from '../support/raw-request.js';

/**
 * The API router matches paths regardless of letter case, so whatever is decided on the path
 * outside it (cache headers, CORS, the JSON 404) must be decided the same way for `/API/...` and `/api/ADMIN/...` as for the lower-case path.
 */

const ALLOWED_ORIGIN = 'http://admin.example.test';
let server: TestServer;
let token: string;

const raw = (pathName: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`${server.url}${pathName}`, headers, method);

beforeAll(async () => {
  ({ server, token } = await startSignedIn({ config: { corsOrigins: [ALLOWED_ORIGIN] } }));
});
afterAll(() => server.close());

describe('paths in another letter case', () => {
  it('admin answers on a case variant of /api/admin are private, never kept by a cache', async () => {
    for (const pathName of ['/api/ADMIN/comments', '/API/admin/comments', '/Api/Admin/Comments']) {
      const response = await raw(pathName, { Authorization: `Bearer ${token}` });
      expect(response.status, pathName).toBe(200);
      expect(response.headers['cache-control'], pathName).toBe(PRIVATE_CACHE_CONTROL);
      expect(response.headers['cdn-cache-control'], pathName).toBeUndefined();
    }
  });

  it('CORS applies to /API/... as to /api/...', async () => {
    for (const pathName of ['/api/skills', '/API/skills']) {
      const response = await raw(pathName, { Origin: ALLOWED_ORIGIN });
      expect(response.status, pathName).toBe(200);
      expect(response.headers['access-control-allow-origin'], pathName).toBe(ALLOWED_ORIGIN);
      expect(response.headers['access-control-expose-headers'], pathName).toBe('ETag,Idempotency-Replayed');
    }
    const preflightHeaders = {
      Origin: ALLOWED_ORIGIN,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'Content-Type, Authorization',
    };
    const preflight = await raw('/API/ADMIN/login', preflightHeaders, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
  });

  it('an unknown /API/... path is the API’s JSON 404, not a page', async () => {
    for (const pathName of ['/API/no-such-route', '/Api']) {
      const response = await raw(pathName);
      expect(response.status, pathName).toBe(404);
      expect(response.headers['content-type'], pathName).toMatch(/^application\/json/);
      expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({ code: 1, error: 'not_found' });
      expect(response.headers['cache-control'], pathName).toBe(PRIVATE_CACHE_CONTROL);
    }
  });
});
