import {
  articleHref,
  articleListFeedPath,
  articleListPagePath,
  articleListTitle,
  escapeHtml,
  PreviewLinkMessages as PM,
  PublicUiMessages as M,
  readersDateOf,
  stripTags,
} from '@folio/shared';
import type { ArticlePreview, ArticleListPage, PublicImageSize, PublicPageSnapshot } from '@folio/shared';
import { imageFactsFor, socialImageOf } from '../lib/images/picture';

export interface PageHeadInput {
  /** Absolute site origin, e.g. `https://blog.example.com`, used for canonical and image URLs. */
  origin: string;
  /** Request path without the query. */
  path: string;
  snapshot: PublicPageSnapshot;
  status: number;
}

/** Plain text from owner-written HTML or Markdown, for descriptions. */
export function plainText(text: string, max = 160): string {
  // Tags become spaces, so the words of adjacent paragraphs stay apart.
  const plain = stripTags(text, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`~[\]()!|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}/${url.replace(/^\/+/, '')}`);

function homeContent(snapshot: PublicPageSnapshot): Record<string, string> {
  return snapshot.siteBlocks.find((block) => block.name === 'home')?.content ?? {};
}

/** A list page's canonical address, its neighbours (`rel="prev"`/`"next"`) and its feed. */
function listLinks(origin: string, listPage: ArticleListPage): string[] {
  const { scope, list } = listPage;
  const link = (rel: string, page: number) =>
    `<link rel="${rel}" href="${escapeHtml(`${origin}${articleListPagePath(scope, page)}`)}" />`;
  const links: string[] = [];
  if (list.current_page > 1) links.push(link('prev', list.current_page - 1));
  if (list.current_page < list.pages) links.push(link('next', list.current_page + 1));
  if (scope.kind !== 'all') {
    const feedTitle = escapeHtml(M.rssTitle(articleListTitle(scope)));
    links.push(
      `<link rel="alternate" type="application/rss+xml" title="${feedTitle}" href="${escapeHtml(`${origin}${articleListFeedPath(scope)}`)}" />`,
    );
  }
  return links;
}

/** JSON inside a <script>: `<` escaped so a title cannot close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The `<head>` tags of a server-rendered page: title, description, canonical URL, Open Graph,
 * Twitter card and, for an article, JSON-LD.
 */
export function buildPageHead({ origin, path, snapshot, status }: PageHeadInput): string {
  const home = homeContent(snapshot);
  const siteName = plainText(home.title || M.siteNameFallback, 80);
  if (snapshot.preview !== undefined) return previewHead(snapshot.preview, siteName);
  const article = snapshot.article;
  const listPage = snapshot.articleListPage;
  const tags: string[] = [];
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);

  let title: string;
  let description: string;
  let image = '';
  let socialImage: PublicImageSize | undefined;
  // One address per list page whatever way it was asked for (a trailing slash, lower-case escapes).
  let canonical = `${origin}${path}`;
  if (status !== 404 && listPage) {
    const heading = articleListTitle(listPage.scope);
    const page = listPage.list.current_page;
    title = `${page > 1 ? M.pageOfList(heading, page) : heading} - ${siteName}`;
    description = M.listPageDescription(heading, listPage.list.total);
    canonical = `${origin}${articleListPagePath(listPage.scope, page)}`;
    tags.push(...listLinks(origin, listPage));
  } else if (status === 404 || (path.startsWith('/articles/') && !article)) {
    title = `${M.notFoundTitle} - ${siteName}`;
    description = M.notFoundText;
    tags.push('<meta name="robots" content="noindex" />');
  } else if (article) {
    title = `${article.title} - ${siteName}`;
    // The slug address (server/API.md §E19), however the page was asked for.
    canonical = `${origin}${articleHref(article)}`;
    description = article.excerpt ?? plainText(article.summary || article.content);
    // A link preview gets the 1200-wide JPEG (server/API.md §E11.1) of the cover, else of the
    // body's first image (§E18), else that image itself; an article showing none, the site's avatar.
    const shareImage = article.share_image ?? article.cover;
    socialImage = socialImageOf(imageFactsFor(shareImage, article.images));
    const avatar = snapshot.avatars.find((item) => item.is_current) ?? snapshot.avatars[0];
    if (shareImage) image = absolute(origin, socialImage?.url ?? shareImage);
    else if (avatar) image = absolute(origin, avatar.url);
  } else {
    title = home.subtitle ? `${siteName} - ${plainText(home.subtitle, 60)}` : siteName;
    description = plainText(home.subtitle || home.author || siteName);
    const avatar = snapshot.avatars.find((item) => item.is_current) ?? snapshot.avatars[0];
    if (avatar) image = absolute(origin, avatar.url);
  }

  tags.unshift(`<title>${escapeHtml(title)}</title>`);
  meta('name', 'description', description);
  if (status !== 404) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
  tags.push(
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(M.rssTitle(siteName))}" href="${origin}/rss.xml" />`,
  );
  meta('property', 'og:site_name', siteName);
  meta('property', 'og:type', article ? 'article' : 'website');
  meta('property', 'og:title', article ? article.title : title);
  meta('property', 'og:description', description);
  meta('property', 'og:url', canonical);
  meta('property', 'og:locale', 'zh_CN');
  if (image) meta('property', 'og:image', image);
  if (socialImage) {
    meta('property', 'og:image:width', String(socialImage.width));
    meta('property', 'og:image:height', String(socialImage.height));
  }
  meta('name', 'twitter:card', image && article ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', article ? article.title : title);
  meta('name', 'twitter:description', description);
  if (image) meta('name', 'twitter:image', image);

  if (article) {
    meta('property', 'article:published_time', readersDateOf(article));
    meta('property', 'article:modified_time', article.updated_at);
    if (article.category) meta('property', 'article:section', article.category);
    for (const tag of article.tags) meta('property', 'article:tag', tag);
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: article.title,
      description,
      datePublished: readersDateOf(article),
      dateModified: article.updated_at,
      mainEntityOfPage: canonical,
      url: canonical,
      keywords: article.tags.join(','),
      articleSection: article.category || undefined,
      image: image || undefined,
      author: { '@type': 'Person', name: plainText(home.author || siteName, 80) },
      publisher: { '@type': 'Organization', name: siteName },
    };
    tags.push(`<script type="application/ld+json">${scriptJson(jsonLd)}</script>`);
  }
  return tags.join('\n    ');
}

/**
 * A preview page's head (server/API.md §E17): never indexed, no canonical address (the article has
 * none yet), and a title and description for the chat app a friend gets the link in.
 */
function previewHead(preview: ArticlePreview | null, siteName: string): string {
  const article = preview?.article;
  const title = article ? `${PM.titlePrefix}${article.title} - ${siteName}` : `${M.notFoundTitle} - ${siteName}`;
  const description = article ? (article.excerpt ?? plainText(article.summary || article.content)) : M.notFoundText;
  return [
    `<title>${escapeHtml(title)}</title>`,
    '<meta name="robots" content="noindex" />',
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:title" content="${escapeHtml(article ? article.title : title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
  ].join('\n    ');
}

export { scriptJson };
