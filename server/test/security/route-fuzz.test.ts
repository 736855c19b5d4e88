import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { TestServer } from '../../../tests/support/test-server.js';
import { snapshotDir } from '../fixtures/backup.js';
import { buildImage } from '../fixtures/images.js';

/** A fixed seed, printed by fast-check on failure, so a failing run can be replayed exactly. */
const SEED = 20261124;
const RUNS = 160;

/** Strings attackers and broken clients send. */
const HOSTILE = [
  '../../package.json',
  '..%2f..%2fsecrets.json',
  '%E0%A4%A',
  '\u0000',
  '\uD800',
  '\uFFFE',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  'prototype',
  '9'.repeat(400),
  '1e309',
  '-1',
  '0',
  'NaN',
  ' ',
  '',
  'a'.repeat(5000),
  '{"$where":"1"}',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
  fc.array(hostileString, { maxLength: 3 }),
);
/** Objects with the keys Folio's bodies use, prototype keys and random ones. */
const bodyKey = fc.oneof(
  fc.constantFrom(
    'title',
    'content',
    'name',
    'value',
    'type',
    'ids',
    'blocks',
    'author',
    'email',
    'tags',
    'category',
    'cover',
    'summary',
    'level',
    'description',
    'username',
    'password',
    'files',
    'articles',
    'skills',
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 10 }),
);
const jsonBody = fc.oneof(
  fc.dictionary(bodyKey, hostileValue, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('{"__proto__":{"admin":true}}', '{', '[]', 'null', '"x"', '{"constructor":{"prototype":{"x":1}}}'),
);

interface RouteEntry {
  method: string;
  path: string;
}

interface Case {
  route: RouteEntry;
  admin: boolean;
  params: string[];
  query: [string, string][];
  body: { kind: 'json'; value: unknown } | { kind: 'multipart'; files: number; field: string } | { kind: 'none' };
}

let server: TestServer;
let token: string;
let routes: RouteEntry[];

beforeAll(async () => {
  ({ server, token } = await startSignedIn({ seed: true }));
  routes = server.app.router.stack.flatMap((layer) =>
    layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
  );
});
afterAll(() => server.close());

/** Fills `:param` and `*rest` segments with drawn values, percent-encoded as a client would. */
function fillPath(template: string, params: string[]): string {
  let index = 0;
  return template.replace(/[:*][A-Za-z_]+/g, () => {
    const value = params[index++ % params.length] ?? 'x';
    // Byte-wise, so even a lone surrogate becomes a valid (if odd) path segment.
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('') || 'x';
  });
}

async function send(testCase: Case): Promise<{ status: number; text: string }> {
  const url = new URL(fillPath(testCase.route.path, testCase.params), server.url);
  for (const [key, value] of testCase.query) url.searchParams.append(key, value);
  const headers: Record<string, string> = {};
  if (testCase.admin) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (testCase.route.method !== 'GET' && testCase.body.kind === 'json') {
    headers['Content-Type'] = 'application/json';
    body = typeof testCase.body.value === 'string' ? testCase.body.value : JSON.stringify(testCase.body.value);
  } else if (testCase.route.method !== 'GET' && testCase.body.kind === 'multipart') {
    const form = new FormData();
    for (let file = 0; file < testCase.body.files; file += 1) {
      form.append(testCase.body.field, new Blob([new Uint8Array(buildImage('png'))], { type: 'image/png' }), `f${file}.png`);
    }
    body = form;
  }
  const response = await fetch(url, { method: testCase.route.method, headers, body });
  return { status: response.status, text: await response.text() };
}

describe('fuzzing every route in the route table', () => {
  it('never answers 5xx or a stack trace, and a refused request leaves the data directory unchanged', async () => {
    expect(routes.length).toBeGreaterThan(30);
    const caseArbitrary: fc.Arbitrary<Case> = fc.record({
      route: fc.constantFrom(...routes),
      // Signing out would revoke the token the other cases use: that route is fuzzed anonymously.
      admin: fc.boolean(),
      params: fc.array(hostileString, { minLength: 1, maxLength: 3 }),
      query: fc.array(
        fc.tuple(fc.constantFrom('page', 'per_page', 'search', 'category', 'tag', 'q', '__proto__'), hostileString),
        {
          maxLength: 3,
        },
      ),
      body: fc.oneof(
        jsonBody.map((value) => ({ kind: 'json' as const, value })),
        fc.record({
          kind: fc.constant('multipart' as const),
          files: fc.integer({ min: 0, max: 2 }),
          field: fc.constantFrom('file', 'files', 'x'),
        }),
        fc.constant({ kind: 'none' as const }),
      ),
    });
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async (testCase) => {
        const admin = testCase.admin && !testCase.route.path.endsWith('/logout');
        const before = await snapshotDir(server.dataDir);
        const response = await send({ ...testCase, admin });
        const where = `${testCase.route.method} ${testCase.route.path} -> ${response.status}`;
        expect(response.status, where).toBeLessThan(500);
        expect(response.text, where).not.toMatch(/\n\s+at .+:\d+:\d+|node_modules|Error: /);
        if (response.status >= 400) expect(await snapshotDir(server.dataDir), where).toEqual(before);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 120_000);
});
