import { link, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ARTICLE_HISTORY_LIMITS, REVISION_SOURCES } from '@folio/shared';
import { bodyFileName, revisionBodyName, revisionFolderName, revisionIndexName } from '../../server/src/store/data-layout.js';
import type { KeptVersion } from '../../server/src/store/revision-files.js';
import { Store } from '../../server/src/store/store.js';

export interface WrittenHistory {
  versions: number;
  files: number;
  /** Bytes of the kept bodies, as the bounds count them (the disk holds one copy of each, see below). */
  bodyBytes: number;
}

/**
 * Gives every article of a seeded data directory (server stopped) a full history of
 * `versionsPerArticle` kept versions, written straight into `revisions/<id>/` as the server
 * writes them: an `index.json` and one body file per version. Through the API this would be
 * 100,000 saves; written directly it takes seconds. Each body is a hard link to the article's
 * own body file, so the sizes and the number of files are real while the disk holds one copy.
 * The articles' revisions are raised past their histories, as that many saves would have.
 */
export async function writeHistory(
  dataDir: string,
  versionsPerArticle: number = ARTICLE_HISTORY_LIMITS.versions,
): Promise<WrittenHistory> {
  const store = await Store.open(dataDir);
  const current = versionsPerArticle + 1;
  const articles = await store.mutate(['articles'], (state) => {
    for (const article of state.articles.items) Object.assign(article, { revision: current, fields_revision: current });
    return state.articles.items;
  });
  let bodyBytes = 0;
  for (const article of articles) {
    const body = store.bodies.get(article.id) ?? '';
    const bodyFile = path.join(store.bodiesDir, bodyFileName(article.id, article.body_rev));
    const versions: KeptVersion[] = [];
    await mkdir(path.join(dataDir, revisionFolderName(article.id)), { recursive: true });
    for (let revision = 1; revision <= versionsPerArticle; revision += 1) {
      await link(bodyFile, path.join(dataDir, revisionBodyName(article.id, revision)));
      versions.push({
        revision,
        saved_at: article.updated_at,
        source: REVISION_SOURCES[revision % REVISION_SOURCES.length] ?? 'api',
        title: `${article.title}（第 ${revision} 版）`,
        category: article.category,
        tags: article.tags.join(','),
        summary: article.summary,
        cover: article.cover,
        body_length: body.length,
        body_bytes: Buffer.byteLength(body),
      });
      bodyBytes += Buffer.byteLength(body);
    }
    await writeFile(path.join(dataDir, revisionIndexName(article.id)), JSON.stringify({ versions }));
  }
  await store.flush();
  const versions = articles.length * versionsPerArticle;
  return { versions, files: versions + articles.length, bodyBytes };
}
