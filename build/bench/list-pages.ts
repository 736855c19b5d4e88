import { ARTICLE_LIST_PAGE_SIZE, articleListPagePath, categoryPath, tagPath } from '@folio/shared';
import type { BenchPage } from './page-report.js';

/** The article list pages a benchmark measures (server/API.md §E16), chosen from the seeded site. */
export interface ListPages {
  archive: string;
  /** A page in the middle of the archive: its slice is no cheaper than the first. */
  deepArchive: string;
  /** The most used tag's page and the most used category's. */
  tag: string;
  category: string;
}

/** Picks the list pages from the server's own answers: the most used tag and category, the archive's middle page. */
export async function listPagesOf(serverUrl: string): Promise<ListPages> {
  const read = async <T>(path: string) => (await (await fetch(`${serverUrl}${path}`)).json()) as { data: T; total?: number };
  const tags = (await read<Record<string, number>>('/api/tags')).data;
  const categories = (await read<string[]>('/api/categories')).data;
  const total = (await read<unknown[]>('/api/articles?per_page=1')).total ?? 0;
  const tag = Object.keys(tags)[0];
  const category = categories[0];
  if (tag === undefined || category === undefined) throw new Error('the bench site has no tag or no category');
  const middle = Math.max(1, Math.ceil(Math.ceil(total / ARTICLE_LIST_PAGE_SIZE) / 2));
  return {
    archive: '/articles',
    deepArchive: articleListPagePath({ kind: 'all' }, middle),
    tag: tagPath(tag),
    category: categoryPath(category),
  };
}

/** The list pages as Lighthouse and the script weight report name them. */
export function listBenchPages(pages: ListPages): BenchPage[] {
  return [
    { path: pages.archive, note: 'archive' },
    { path: pages.tag, note: `tag ${decodeURIComponent(pages.tag.split('/')[2] ?? '')}` },
  ];
}

/** Every list page of the benchmark with its row name, for the throughput table. */
export function listScenarios(pages: ListPages): { name: string; path: string }[] {
  const named = (path: string) => decodeURIComponent(path);
  return [
    { name: `GET ${pages.archive} (HTML)`, path: pages.archive },
    { name: `GET ${pages.deepArchive} (HTML)`, path: pages.deepArchive },
    { name: `GET ${named(pages.tag)} (HTML)`, path: pages.tag },
    { name: `GET ${named(pages.category)} (HTML)`, path: pages.category },
  ];
}
