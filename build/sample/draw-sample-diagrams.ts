/**
 * Draws the sample site's Mermaid diagrams as the admin draws an article's (in Chromium, both
 * themes, cleaned by the server) and writes them to server/src/services/sample-diagrams.ts, which
 * the seed stores with the sample articles. Run it after changing a diagram of sample-site.ts:
 * `npm run build -w web && tsx build/sample/draw-sample-diagrams.ts` (a test fails until then).
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { PublicArticleDetail, PublicArticleList } from '../../shared/src/types.js';
import { seedSampleSite } from '../../server/src/services/seed.service.js';
import type { DrawnDiagram } from '../../server/src/store/diagrams.repository.js';
import { ADMIN_PASSWORD, startTestServer } from '../../tests/support/test-server.js';
import { drawDiagramsInAdmin } from '../bench/draw-diagrams.js';

const OUTPUT = fileURLToPath(new URL('../../server/src/services/sample-diagrams.ts', import.meta.url));

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.text();
}

const server = await startTestServer({ seed: false });
try {
  // The sample site without drawings, as a site from before the admin drew its diagrams.
  await seedSampleSite(server.app.store, []);
  const drawings: DrawnDiagram[] = [];
  const listed = JSON.parse(await text(`${server.url}/api/articles?page=1&per_page=50`)) as PublicArticleList;
  for (const { id } of listed.articles) {
    const before = JSON.parse(await text(`${server.url}/api/articles/${id}`)) as PublicArticleDetail;
    const fences = before.content.match(/^```mermaid$/gm)?.length ?? 0;
    if (fences === 0) continue;
    await drawDiagramsInAdmin(server.url, id, fences, ADMIN_PASSWORD);
    const after = JSON.parse(await text(`${server.url}/api/articles/${id}`)) as PublicArticleDetail;
    for (const diagram of after.diagrams) {
      drawings.push({
        source: diagram.source,
        width: diagram.width,
        height: diagram.height,
        lightSvg: await text(new URL(diagram.light_url, server.url).href),
        darkSvg: await text(new URL(diagram.dark_url, server.url).href),
      });
    }
  }
  const module = [
    '// Written by build/sample/draw-sample-diagrams.ts from the diagrams of sample-site.ts: run it',
    '// again after changing one of them, rather than editing this file.',
    "import type { DrawnDiagram } from '../store/diagrams.repository.js';",
    '',
    '/** The sample articles’ diagrams, drawn by the admin in Chromium in both themes and cleaned. */',
    `export const SAMPLE_DIAGRAMS: readonly DrawnDiagram[] = ${JSON.stringify(drawings, null, 2)};`,
    '',
  ].join('\n');
  const options = await resolveConfig(OUTPUT);
  await writeFile(OUTPUT, await format(module, { ...options, filepath: OUTPUT }));
  console.info(`Wrote ${drawings.length} drawings to ${OUTPUT}`);
} finally {
  await server.close();
}
