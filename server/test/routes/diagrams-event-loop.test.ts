import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, ServerMessages as M } from '@folio/shared';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { MAX_SVG_DEPTH } from '../../src/services/diagram-svg.js';
import { createArticle } from './articles.fixtures.js';
import type { Api } from './articles.fixtures.js';

let server: TestServer;
let api: Api;
let token: string;
let articleId: number;

const SOURCE = 'graph TD\n  A --> B\n';

beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server.url);
  token = await server.login();
  articleId = await createArticle(api, token, { content: `\`\`\`mermaid\n${SOURCE}\`\`\`\n` });
});
afterAll(() => server.close());

const svgAround = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">${inner}</svg>`;

/** `piece` repeated to fill an SVG up to the upload's size limit. */
function atSizeLimit(piece: string): string {
  const room = LIMITS.diagramSvgBytes - Buffer.byteLength(svgAround(''));
  return svgAround(piece.repeat(Math.floor(room / Buffer.byteLength(piece))));
}

/**
 * Runs `work` while asking /health in turn, and resolves with what `work` resolved to, the
 * slowest /health answer and the longest the event loop went without running a timer that
 * asks to run every 5 ms, both in milliseconds.
 */
async function whileWatching<T>(work: () => Promise<T>): Promise<{ result: T; slowestHealthMs: number; longestStallMs: number }> {
  let lastTick = performance.now();
  let longestStallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - lastTick);
    lastTick = now;
  }, 5);
  let done = false;
  let slowestHealthMs = 0;
  const probe = (async () => {
    while (!done) {
      const start = performance.now();
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - start);
    }
  })();
  try {
    const result = await work();
    return { result, slowestHealthMs, longestStallMs };
  } finally {
    done = true;
    clearInterval(ticker);
    await probe;
  }
}

const upload = (light: string, dark = light) =>
  api<EnvelopeBody>('POST', `/api/admin/articles/${articleId}/diagrams`, { token, json: { source: SOURCE, light, dark } });

/**
 * The quietest of up to three watched runs of `work`. A machine busy with other work can hold any
 * process for a while, so one slow run proves nothing; work done on the event loop stalls it in
 * every run, so the best of three still tells the two apart.
 */
async function quietestOf<T>(
  work: () => Promise<T>,
  quietEnough: (run: { slowestHealthMs: number; longestStallMs: number }) => boolean,
): Promise<{ results: T[]; slowestHealthMs: number; longestStallMs: number }> {
  const results: T[] = [];
  let best = { slowestHealthMs: Number.POSITIVE_INFINITY, longestStallMs: Number.POSITIVE_INFINITY };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const run = await whileWatching(work);
    results.push(run.result);
    if (run.longestStallMs + run.slowestHealthMs < best.longestStallMs + best.slowestHealthMs) best = run;
    if (quietEnough(run)) break;
  }
  return { results, ...best };
}

describe('diagram uploads and the event loop', () => {
  it('refuses 74,000 nested groups with the depth message while /health keeps answering', async () => {
    const deep = svgAround(`${'<g>'.repeat(74_000)}${'</g>'.repeat(74_000)}`);
    expect(Buffer.byteLength(deep)).toBeLessThanOrEqual(LIMITS.diagramSvgBytes);
    const { results, slowestHealthMs } = await quietestOf(
      () => upload(deep),
      (run) => run.slowestHealthMs < 500,
    );
    for (const result of results) {
      expect(result.status).toBe(400);
      expect(result.body).toMatchObject({ code: 1, msg: M.diagramSvgTooDeep(MAX_SVG_DEPTH) });
    }
    // The parse took 7 s of the event loop before: /health waited as long.
    expect(slowestHealthMs).toBeLessThan(500);
  });

  it.each([
    ['empty groups', '<g></g>'],
    ['labels', '<g><text>a</text></g>'],
    ['unknown elements', '<q/>'],
    ['groups as deep as allowed', `${'<g>'.repeat(MAX_SVG_DEPTH - 2)}${'</g>'.repeat(MAX_SVG_DEPTH - 2)}`],
  ])('cleans SVGs of %s at the size limit off the event loop', async (_case, piece) => {
    const svg = atSizeLimit(piece);
    const { results, slowestHealthMs, longestStallMs } = await quietestOf(
      () => upload(svg, svg.replace('100 50', '100 51')),
      (run) => run.slowestHealthMs < 500 && run.longestStallMs < 150,
    );
    for (const result of results) expect(result.status).toBe(200);
    expect(slowestHealthMs).toBeLessThan(500);
    // Cleaned on the loop, the two images held it for 250 to 370 ms; what remains there (parsing
    // the request's JSON, hashing and writing the result) held it for 20 to 45 ms.
    expect(longestStallMs).toBeLessThan(150);
  });
});
