import type { Context } from 'koa';
import { escapeHtml, PublicUiMessages as M, stripTags } from '@folio/shared';
import { setPublicCaching } from '../http/http-cache.js';
import { midSizeOf } from '../services/article-images.js';
import type { Services } from '../services/services.js';

/** How many of the newest articles the RSS feed lists. */
export const RSS_ITEM_COUNT = 20;

/**
 * XML-escaped text that is also valid XML 1.0 whatever is stored: data written before text was
 * cleaned on input (or by hand) may hold control characters or lone surrogates, which would make
 * the whole feed unreadable.
 */
const escapeXml = (text: string) =>
  escapeHtml(
    text
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
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

/** The landing page and every published article, with their last change. */
export function sitemapXml(services: Services, origin: string): string {
  const articles = services.publicArticles.list({});
  const newest = articles.reduce((latest, article) => (article.updated_at > latest ? article.updated_at : latest), '');
  const urls = [
    `  <url><loc>${escapeXml(`${origin}/`)}</loc>${newest ? `<lastmod>${newest}</lastmod>` : ''}</url>`,
    ...articles.map(
      (article) =>
        `  <url><loc>${escapeXml(`${origin}/articles/${article.id}`)}</loc><lastmod>${article.updated_at}</lastmod></url>`,
    ),
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

/** RSS 2.0 feed of the newest published articles (title, link, summary, date, category). */
export function rssXml(services: Services, origin: string): string {
  const site = siteTitle(services);
  const articles = services.publicArticles.list({}).slice(0, RSS_ITEM_COUNT);
  const items = articles.map((article) => {
    const link = `${origin}/articles/${article.id}`;
    return [
      '    <item>',
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <description>${escapeXml(article.summary)}</description>`,
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
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeXml(site.title)}</title>`,
    `    <link>${escapeXml(`${origin}/`)}</link>`,
    `    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(site.description || M.rssTitle(site.title))}</description>`,
    '    <language>zh-CN</language>',
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Each feed's path, its content type, and how it is written for the site's origin. */
const FEEDS: Readonly<Record<string, { type: string; write: (services: Services, origin: string) => string }>> = {
  '/robots.txt': { type: 'text/plain; charset=utf-8', write: (_services, origin) => robotsTxt(origin) },
  '/sitemap.xml': { type: 'application/xml; charset=utf-8', write: sitemapXml },
  '/rss.xml': { type: 'application/rss+xml; charset=utf-8', write: rssXml },
};

/** Answers `/robots.txt`, `/sitemap.xml` or `/rss.xml`; false for any other path. */
export function serveFeed(ctx: Context, services: Services, origin: string): boolean {
  const feed = Object.hasOwn(FEEDS, ctx.path) ? FEEDS[ctx.path] : undefined;
  if (!feed) return false;
  ctx.type = feed.type;
  // Public like the pages: crawlers and feed readers poll them, and a shared cache may absorb that.
  setPublicCaching(ctx);
  ctx.body = feed.write(services, origin);
  return true;
}
