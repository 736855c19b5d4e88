import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { escapeHtml, isDiagramFence, isMermaidFence, topLevelMermaidSources } from '@folio/shared';
import type { PublicImage } from '@folio/shared';
import { ARTICLE_IMAGE_SIZES, imageFactsFor, pictureSources } from '../images/picture';
import { highlightCode, resolveLanguage } from './prism-highlight';
import { SOURCE_LINE_ATTRIBUTE } from './scroll-sync';

// Loaded with the renderer (markdown-renderer.ts), not before it.
export { loadCodeLanguages } from './prism-highlight';

/** A piece of an article body: HTML to insert as is, or a Mermaid diagram to draw. */
export type MarkdownSegment =
  | { kind: 'html'; html: string }
  /** `line`: the fence's first source line, when source lines were asked for. */
  | { kind: 'mermaid'; code: string; line?: number };

// html: false escapes raw HTML in the owner's Markdown instead of passing it through, so a
// <script> or an onerror= attribute in an article body is shown as text and never runs.
const markdown = new MarkdownIt({
  html: false,
  linkify: true,
  typographer: false,
  highlight(code, info) {
    const language = info.trim().split(/\s+/)[0] ?? '';
    const highlighted = language ? highlightCode(code, language) : undefined;
    const className = `language-${escapeHtml(resolveLanguage(language) ?? (language || 'text'))}`;
    return `<pre class="${className}"><code class="${className}">${highlighted ?? escapeHtml(code)}</code></pre>`;
  },
});

// Links leave the site in a new tab.
const defaultLinkOpen = markdown.renderer.rules.link_open;
markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const href = String(token?.attrGet('href') ?? '');
  if (token && /^https?:\/\//i.test(href)) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen ? defaultLinkOpen(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
};
/** What the renderer is told besides the source: the facts of the uploads the body shows. */
// A type, not an interface: markdown-it's env takes any string key, which only a type literal fits.
type RenderEnv = {
  images?: Readonly<Record<string, PublicImage>> | undefined;
  /** The image that is the page's largest, fetched at once and first ({@link leadImageOf}). */
  leadImage?: Token | undefined;
};

/**
 * How many top-level blocks may open a body before its first image for that image to count as
 * the page's largest: a heading and a paragraph or two still leave it on a phone's first screen.
 */
const LEAD_IMAGE_MAX_BLOCK = 3;

/** The body's first image when it sits in one of its first {@link LEAD_IMAGE_MAX_BLOCK} top-level blocks. */
function leadImageOf(tokens: readonly Token[]): Token | undefined {
  let blocks = 0;
  for (const token of tokens) {
    if (token.block && token.level === 0 && token.nesting !== -1 && ++blocks > LEAD_IMAGE_MAX_BLOCK) return undefined;
    const image = token.children?.find((child) => child.type === 'image');
    if (image) return image;
  }
  return undefined;
}

// An upload whose page sizes exist becomes a <picture> (AVIF, WebP, then the original) with its
// width and height, so the text does not move as it loads (server/API.md §E11.1). Only the lead
// image (leadImageOf) is fetched at once: the others wait until they near the viewport.
const defaultImage = markdown.renderer.rules.image;
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index];
  const lead = token !== undefined && token === (env as RenderEnv).leadImage;
  token?.attrSet('loading', lead ? 'eager' : 'lazy');
  if (lead) token.attrSet('fetchpriority', 'high');
  const image = token ? imageFactsFor(String(token.attrGet('src') ?? ''), (env as RenderEnv).images) : undefined;
  if (token && image) {
    token.attrSet('width', String(image.width));
    token.attrSet('height', String(image.height));
    token.attrSet('decoding', 'async');
  }
  const html = defaultImage ? defaultImage(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
  const sources = image ? pictureSources(image) : [];
  if (sources.length === 0) return html;
  const sourceTags = sources.map(
    (source) => `<source type="${source.type}" srcset="${escapeHtml(source.srcSet)}" sizes="${ARTICLE_IMAGE_SIZES}">`,
  );
  return `<picture>${sourceTags.join('')}${html}</picture>`;
};

// The page title is the only <h1>: headings in the body move one level down (# becomes <h2>).
const shiftHeading: NonNullable<typeof markdown.renderer.rules.heading_open> = (tokens, index, options, _env, self) => {
  const token = tokens[index];
  if (token) token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
  return self.renderToken(tokens, index, options);
};
markdown.renderer.rules.heading_open = shiftHeading;
markdown.renderer.rules.heading_close = shiftHeading;

// A Mermaid fence inside a list or quote cannot become its own segment; without JavaScript (and
// in plain renderMarkdown output) it stays readable as its source.
const defaultFence = markdown.renderer.rules.fence;
markdown.renderer.rules.fence = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token && isMermaidFence(token)) {
    return `<pre class="mermaid-source"><code>${escapeHtml(token.content)}</code></pre>\n`;
  }
  const html = defaultFence ? defaultFence(tokens, index, options, env, self) : self.renderToken(tokens, index, options);
  const line = token?.attrGet(SOURCE_LINE_ATTRIBUTE);
  return line ? html.replace(/^<pre\b/, `<pre ${SOURCE_LINE_ATTRIBUTE}="${line}"`) : html;
};

/** Markdown to HTML (raw HTML escaped, code highlighted, Mermaid left as source). Pure; runs on the server too. */
export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** The sources of the diagrams {@link renderMarkdownSegments} makes, in order (without rendering the rest). */
export function mermaidSources(source: string): string[] {
  return topLevelMermaidSources(markdown.parse(source, {}));
}

/**
 * Marks every block with the source line it starts on (markdown-it's `map`), so a preview can be
 * scrolled to the line an editor shows. Fences get theirs in the fence rule: the highlighter
 * writes their `<pre>` itself.
 */
function markSourceLines(tokens: Token[]): void {
  for (const token of tokens) {
    if (token.block && token.map && token.nesting !== -1) token.attrSet(SOURCE_LINE_ATTRIBUTE, String(token.map[0]));
  }
}

export interface RenderOptions {
  /** Put each block's source line on it (the admin's preview); the public page has no use for them. */
  sourceLines?: boolean;
  /** The facts of the uploads the body shows (the public article's `images`), for `<picture>`. */
  images?: Readonly<Record<string, PublicImage>> | undefined;
  /**
   * Fetch the body's opening image at once and first (no lazy loading, high priority): set when
   * the page has no cover, so that image is the largest on its first screen.
   */
  eagerLeadImage?: boolean;
}

/** Markdown split into HTML runs and top-level Mermaid diagrams, for {@link MarkdownView}. */
export function renderMarkdownSegments(source: string, options: RenderOptions = {}): MarkdownSegment[] {
  const env: RenderEnv = { images: options.images };
  const tokens = markdown.parse(source, env);
  if (options.eagerLeadImage) env.leadImage = leadImageOf(tokens);
  if (options.sourceLines) markSourceLines(tokens);
  const segments: MarkdownSegment[] = [];
  let run: Token[] = [];
  const flush = () => {
    if (run.length === 0) return;
    segments.push({ kind: 'html', html: markdown.renderer.render(run, markdown.options, env) });
    run = [];
  };
  for (const token of tokens) {
    if (isDiagramFence(token)) {
      flush();
      const line = options.sourceLines ? token.map?.[0] : undefined;
      segments.push(
        line === undefined ? { kind: 'mermaid', code: token.content } : { kind: 'mermaid', code: token.content, line },
      );
    } else {
      run.push(token);
    }
  }
  flush();
  return segments;
}
