import { escapeHtml, PublicUiMessages as M, readersDateOf, stripTags } from '@folio/shared';
import type { PublicImageSize, PublicPageSnapshot } from '@folio/shared';
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

/** JSON inside a <script>: `<` escaped so a title cannot close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The `<head>` tags of a server-rendered page: title, description, canonical URL, Open Graph,
 * Twitter card and, for an article, JSON-LD.
 */
export function buildPageHead({ origin, path, snapshot, status }: PageHeadInput): string {
  const home = homeContent(snapshot);
  const siteName = plainText(home.title || M.siteNameFallback, 80);
  const article = snapshot.article;
  const tags: string[] = [];
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    tags.push(`<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`);

  let title: string;
  let description: string;
  let image = '';
  let socialImage: PublicImageSize | undefined;
  if (status === 404 || (path.startsWith('/articles/') && !article)) {
    title = `${M.notFoundTitle} - ${siteName}`;
    description = M.notFoundText;
    tags.push('<meta name="robots" content="noindex" />');
  } else if (article) {
    title = `${article.title} - ${siteName}`;
    description = plainText(article.summary || article.content);
    // A link preview gets the cover's 1200-wide JPEG once it exists (server/API.md §E11.1), else the cover itself.
    socialImage = socialImageOf(imageFactsFor(article.cover, article.images));
    if (article.cover) image = absolute(origin, socialImage?.url ?? article.cover);
  } else {
    title = home.subtitle ? `${siteName} - ${plainText(home.subtitle, 60)}` : siteName;
    description = plainText(home.subtitle || home.author || siteName);
    const avatar = snapshot.avatars.find((item) => item.is_current) ?? snapshot.avatars[0];
    if (avatar) image = absolute(origin, avatar.url);
  }

  const canonical = `${origin}${path}`;
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

export { scriptJson };
