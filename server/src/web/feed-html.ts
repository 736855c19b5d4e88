import MarkdownIt from 'markdown-it';
import { escapeHtml, isMermaidFence } from '@folio/shared';
import type { PublicArticleDetail } from '@folio/shared';

/**
 * An article as a feed reader shows it (server/API.md §E18): the page's Markdown rules (raw HTML
 * escaped, bare addresses linked), with every image and link absolute, since a reader shows the
 * text away from the site, and each Mermaid diagram as the image drawn for it (else its source).
 */
const markdown = new MarkdownIt({ html: false, linkify: true });

/** What the rules below read from markdown-it's `env`. */
type FeedEnv = { origin: string; diagrams: ReadonlyMap<string, PublicArticleDetail['diagrams'][number]> };

/** A path of the site (`/uploads/a.png`, `uploads/a.png`) made absolute; addresses with a scheme stay as they are. */
export function absoluteUrl(origin: string, url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#')) return url;
  return `${origin}/${url.replace(/^\/+/, '')}`;
}

const defaultImage = markdown.renderer.rules.image;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token) token.attrSet('src', absoluteUrl((env as FeedEnv).origin, String(token.attrGet('src') ?? '')));
  return defaultImage ? defaultImage(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};

const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token) token.attrSet('href', absoluteUrl((env as FeedEnv).origin, String(token.attrGet('href') ?? '')));
  return defaultLinkOpen ? defaultLinkOpen(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};

const defaultFence = markdown.renderer.rules.fence;
markdown.renderer.rules.fence = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const { origin, diagrams } = env as FeedEnv;
  const drawn = token && isMermaidFence(token) ? diagrams.get(token.content) : undefined;
  if (drawn) {
    const src = escapeHtml(absoluteUrl(origin, drawn.light_url));
    return `<p><img src="${src}" width="${drawn.width}" height="${drawn.height}" alt="Mermaid" /></p>\n`;
  }
  return defaultFence ? defaultFence(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};

/**
 * The whole article as HTML for a feed's `content:encoded`: the cover first when it has one,
 * then the body, made safe to stand inside a CDATA section.
 */
export function articleFeedHtml(article: PublicArticleDetail, origin: string): string {
  const env: FeedEnv = { origin, diagrams: new Map(article.diagrams.map((diagram) => [diagram.source, diagram])) };
  const cover = article.cover ? `<p><img src="${escapeHtml(absoluteUrl(origin, article.cover))}" alt="" /></p>\n` : '';
  return cdataSafe(cover + markdown.render(article.content, env));
}

/** Text that cannot end a CDATA section early: each `]]>` is split across two sections. */
export const cdataSafe = (text: string): string => text.replaceAll(']]>', ']]]]><![CDATA[>');
