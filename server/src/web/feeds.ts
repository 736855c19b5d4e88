import type { Context } from 'koa';
import {
  ARTICLE_LIST_PAGE_SIZE,
  articleListFeedPath,
  articleListPagePath,
  articleListPath,
  articleListTitle,
  categoryPath,
  escapeHtml,
  PublicUiMessages as M,
  parseArticleListFeedPath,
  stripTags,
  tagPath,
} from '@folio/shared';
import type { ArticleListScope } from '@folio/shared';
import { setPublicCaching } from '../http/http-cache.js';
import { midSizeOf } from '../services/article-images.js';
import { GenerationMemo } from '../services/generation-memo.js';
import type { Services } from '../services/services.js';
import { articleFeedHtml } from './feed-html.js';
import { filtersOfScope } from './public-snapshot.js';

/** How many of the newest articles the RSS feed lists. */
export const RSS_ITEM_COUNT = 20;

/**
 * XML-escaped text that is also valid XML 1.0 whatever is stored: data written before text was
 * cleaned on input (or by hand) may hold control characters or lone surrogates, which would make
 * the whole feed unreadable.
 */
const xmlText = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
const escapeXml = (text: string) => escapeHtml(xmlText(text));
const plain = stripTags;

function siteTitle(services: Services): { title: string; description: string } {
  const home = services.siteBlocks.find('home')?.content ?? {};
  return { title: plain(home.title ?? '') || M.siteNameFallback, description: plain(home.subtitle ?? '') };
}

/** Crawlers may read the public pages, not the admin screens or the JSON API. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join(
    '\n',
  );
}

/** The newest `updated_at` of each name `namesOf` gives the articles (their tags, or their category). */
function newestChangeBy<A extends { updated_at: string }>(articles: readonly A[], namesOf: (article: A) => readonly string[]) {
  const newest = new Map<string, string>();
  for (const article of articles) {
    for (const name of namesOf(article)) {
      const known = newest.get(name);
      if (known === undefined || article.updated_at > known) newest.set(name, article.updated_at);
    }
  }
  return newest;
}

/**
 * The landing page, every published article, and the article list pages (server/API.md §E16):
 * each page of `/articles` and each tag's and category's first page, with their last change.
 * One pass over the articles, whatever the number of tags.
 */
export function sitemapXml(services: Services, origin: string): string {
  const articles = services.publicArticles.list({});
  const newest = articles.reduce((latest, article) => (article.updated_at > latest ? article.updated_at : latest), '');
  const entry = (path: string, lastmod: string) =>
    `  <url><loc>${escapeXml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
  const archivePages = Array.from({ length: Math.max(1, Math.ceil(articles.length / ARTICLE_LIST_PAGE_SIZE)) }, (_, index) => {
    const onPage = articles.slice(index * ARTICLE_LIST_PAGE_SIZE, (index + 1) * ARTICLE_LIST_PAGE_SIZE);
    const lastmod = onPage.reduce((latest, article) => (article.updated_at > latest ? article.updated_at : latest), '');
    return entry(articleListPagePath({ kind: 'all' }, index + 1), lastmod);
  });
  const byTag = newestChangeBy(articles, (article) => article.tags);
  const byCategory = newestChangeBy(articles, (article) => (article.category ? [article.category] : []));
  const urls = [
    entry('/', newest),
    ...articles.map((article) => entry(`/articles/${article.slug}`, article.updated_at)),
    ...archivePages,
    ...[...byTag].map(([tag, lastmod]) => entry(tagPath(tag), lastmod)),
    ...[...byCategory].map(([category, lastmod]) => entry(categoryPath(category), lastmod)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The readers' date of a published article (server/API.md §E8), as RSS writes dates. */
const publishedDate = (article: { publish_at: string | null; created_at: string }) =>
  new Date(article.publish_at ?? article.created_at).toUTCString();

/** The cover's mid-size copy as Media RSS, once its page sizes exist (server/API.md §E11.1). */
function coverInFeed(services: Services, origin: string, cover: string): string[] {
  const size = midSizeOf(services.imageSizes.factsOfPath(cover));
  if (!size) return [];
  const url = escapeXml(`${origin}${size.url}`);
  return [
    `      <media:content url="${url}" medium="image" type="${size.type}" width="${size.width}" height="${size.height}" />`,
  ];
}

/** The channel of the site's feed, or of one tag's or category's (server/API.md §E16). */
function feedChannel(siteName: string, origin: string, scope: ArticleListScope) {
  if (scope.kind === 'all') return { title: siteName, link: `${origin}/`, self: `${origin}/rss.xml` };
  return {
    title: `${siteName} - ${articleListTitle(scope)}`,
    link: `${origin}${articleListPath(scope)}`,
    self: `${origin}${articleListFeedPath(scope)}`,
  };
}

/**
 * RSS 2.0 feed of the newest published articles (title, link, excerpt, date, category, and the
 * whole article unless the owner chose 摘要, server/API.md §E18); with a tag or category `scope`,
 * of that tag's or category's articles.
 */
export function rssXml(services: Services, origin: string, scope: ArticleListScope = { kind: 'all' }): string {
  const site = siteTitle(services);
  const channel = feedChannel(site.title, origin, scope);
  const articles = services.publicArticles.list(filtersOfScope(scope)).slice(0, RSS_ITEM_COUNT);
  const cards = services.publicArticles.presentList(articles);
  const fullText = services.siteBlocks.feedSettings().feed_full_text;
  const items = articles.map((article, index) => {
    const link = `${origin}/articles/${article.slug}`;
    // The id address, which answers 301 to the slug's, stays the guid: a reader that saw an item
    // before slugs existed, or before its slug changed, does not show it again as new.
    const guid = `${origin}/articles/${article.id}`;
    return [
      '    <item>',
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(guid)}</guid>`,
      `      <description>${escapeXml(cards[index]?.excerpt ?? article.summary)}</description>`,
      ...(fullText
        ? [`      <content:encoded><![CDATA[${xmlText(fullArticle(services, article.id, origin))}]]></content:encoded>`]
        : []),
      `      <pubDate>${publishedDate(article)}</pubDate>`,
      ...(article.category ? [`      <category>${escapeXml(article.category)}</category>`] : []),
      ...article.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      ...coverInFeed(services, origin, article.cover),
      '    </item>',
    ].join('\n');
  });
  const lastBuild = articles[0] ? publishedDate(articles[0]) : new Date(0).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(site.description || M.rssTitle(site.title))}</description>`,
    '    <language>zh-CN</language>',
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** A published article whole, as HTML for `content:encoded`. */
const fullArticle = (services: Services, id: number, origin: string) =>
  articleFeedHtml(services.publicArticles.detail(id, false), origin);

/** Each feed's path, its content type, and how it is written for the site's origin. */
const FEEDS: Readonly<Record<string, { type: string; write: (services: Services, origin: string) => string }>> = {
  '/robots.txt': { type: 'text/plain; charset=utf-8', write: (_services, origin) => robotsTxt(origin) },
  '/sitemap.xml': { type: 'application/xml; charset=utf-8', write: sitemapXml },
  '/rss.xml': { type: 'application/rss+xml; charset=utf-8', write: (services, origin) => rssXml(services, origin) },
};

/** The feed of a tag or category that has a published article (server/API.md §E16); none for another. */
function listFeed(path: string, services: Services) {
  const scope = parseArticleListFeedPath(path);
  if (!scope || services.publicArticles.list(filtersOfScope(scope)).length === 0) return undefined;
  return {
    type: 'application/rss+xml; charset=utf-8',
    write: (_services: Services, origin: string) => rssXml(services, origin, scope),
  };
}

/**
 * Answers `/robots.txt`, `/sitemap.xml`, `/rss.xml` or a tag's or category's feed; false for any
 * other path (an empty tag's feed included: it is then the 404 page).
 */
export function serveFeed(ctx: Context, services: Services, origin: string): boolean {
  const feed = Object.hasOwn(FEEDS, ctx.path) ? FEEDS[ctx.path] : listFeed(ctx.path, services);
  if (!feed) return false;
  ctx.type = feed.type;
  // Public like the pages: crawlers and feed readers poll them, and a shared cache may absorb that.
  setPublicCaching(ctx);
  // Written once per change of the data: a full-text feed renders twenty articles, and readers poll it.
  ctx.body = writtenFeeds(services).get(`${origin} ${ctx.path}`, () => feed.write(services, origin));
  return true;
}

/** The feeds as last written, per app, until its data changes. */
const writtenFeedsByApp = new WeakMap<Services, GenerationMemo<string>>();

function writtenFeeds(services: Services): GenerationMemo<string> {
  let memo = writtenFeedsByApp.get(services);
  if (!memo) {
    memo = new GenerationMemo(() => services.dataGeneration());
    writtenFeedsByApp.set(services, memo);
  }
  return memo;
}
