/**
 * A Ghost post's Lexical body (the editor's JSON, what Ghost 5 and 6 store) as Markdown, for an
 * export whose post has no `html` (server/API.md §E21.3). Each block is drawn as the HTML Ghost
 * would render and converted by the same {@link htmlToMarkdown} as every other body, so a Lexical
 * post and an HTML one come out alike; a Markdown card is kept as written.
 *
 * Drawn: paragraphs, headings, lists (bullet, number, check), quotes and asides, code blocks
 * (the core `code` node and Ghost's `codeblock` card, with their language), images and galleries
 * with captions, links, line breaks, rules, and text formats (bold, italic, strikethrough,
 * underline, code, sub- and superscript, highlight); Ghost's HTML, Markdown, callout, toggle,
 * button, bookmark, embed, video, audio and file cards become their text or a link. A node of
 * another type shows its children, or nothing.
 */
import { htmlToMarkdown } from './html-to-markdown.js';

interface LexicalNode {
  type?: unknown;
  children?: unknown;
  [field: string]: unknown;
}

const FORMAT_TAGS: [bit: number, open: string, close: string][] = [
  [16, '<code>', '</code>'],
  [1, '<strong>', '</strong>'],
  [2, '<em>', '</em>'],
  [4, '<s>', '</s>'],
  [8, '<u>', '</u>'],
  [32, '<sub>', '</sub>'],
  [64, '<sup>', '</sup>'],
  [128, '<mark>', '</mark>'],
];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const field = (node: LexicalNode, name: string): string => (typeof node[name] === 'string' ? node[name] : '');
const childrenOf = (node: LexicalNode): LexicalNode[] =>
  Array.isArray(node.children)
    ? node.children.filter((child): child is LexicalNode => typeof child === 'object' && child !== null)
    : [];

function inline(nodes: readonly LexicalNode[]): string {
  return nodes.map(inlineNode).join('');
}

function inlineNode(node: LexicalNode): string {
  switch (node.type) {
    case 'text':
    case 'extended-text':
    case 'code-highlight': {
      const format = typeof node.format === 'number' ? node.format : 0;
      let html = escapeHtml(field(node, 'text'));
      for (const [bit, open, close] of FORMAT_TAGS) if (format & bit) html = `${open}${html}${close}`;
      return html;
    }
    case 'linebreak':
      return '<br>';
    case 'tab':
      return '\t';
    case 'link':
    case 'autolink':
    case 'at-link':
      return `<a href="${escapeHtml(field(node, 'url'))}">${inline(childrenOf(node))}</a>`;
    default:
      return inline(childrenOf(node));
  }
}

function listHtml(node: LexicalNode): string {
  const tag = node.listType === 'number' ? 'ol' : 'ul';
  const items = childrenOf(node).map((item) => {
    // A nested list sits in an item of its own, as Lexical keeps it.
    const nested = childrenOf(item).filter((child) => child.type === 'list');
    const text = inline(childrenOf(item).filter((child) => child.type !== 'list'));
    const check =
      node.listType === 'check' ? (item.checked === true ? '<input type="checkbox" checked> ' : '<input type="checkbox"> ') : '';
    return `<li>${check}${text}${nested.map(listHtml).join('')}</li>`;
  });
  return `<${tag}>${items.join('')}</${tag}>`;
}

function figure(src: string, alt: string, caption: string): string {
  if (!src) return '';
  const image = `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}">`;
  return caption ? `<figure>${image}<figcaption>${caption}</figcaption></figure>` : `<p>${image}</p>`;
}

const linkTo = (url: string, text: string) => (url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(text || url)}</a></p>` : '');

/** One top-level block as HTML, or as Markdown already (a Markdown card). */
function block(node: LexicalNode): { html: string } | { markdown: string } {
  switch (node.type) {
    case 'paragraph':
      return { html: `<p>${inline(childrenOf(node))}</p>` };
    case 'heading':
    case 'extended-heading': {
      const tag = /^h[1-6]$/.test(field(node, 'tag')) ? field(node, 'tag') : 'h2';
      return { html: `<${tag}>${inline(childrenOf(node))}</${tag}>` };
    }
    case 'quote':
    case 'aside':
    case 'extended-quote':
      return { html: `<blockquote><p>${inline(childrenOf(node))}</p></blockquote>` };
    case 'list':
      return { html: listHtml(node) };
    case 'horizontalrule':
      return { html: '<hr>' };
    case 'code': {
      const code = childrenOf(node)
        .map((child) => (child.type === 'linebreak' ? '\n' : field(child, 'text')))
        .join('');
      return { html: `<pre><code class="language-${escapeHtml(field(node, 'language'))}">${escapeHtml(code)}</code></pre>` };
    }
    case 'codeblock':
      return {
        html: `<pre><code class="language-${escapeHtml(field(node, 'language'))}">${escapeHtml(field(node, 'code'))}</code></pre>`,
      };
    case 'image':
      return { html: figure(field(node, 'src'), field(node, 'alt'), field(node, 'caption')) };
    case 'gallery': {
      const images = Array.isArray(node.images) ? (node.images as LexicalNode[]) : [];
      return { html: images.map((image) => figure(field(image, 'src'), field(image, 'alt'), field(image, 'caption'))).join('') };
    }
    case 'markdown':
      return { markdown: field(node, 'markdown') };
    case 'html':
      return { html: field(node, 'html') };
    case 'callout':
      return { html: `<blockquote><p>${escapeHtml(field(node, 'calloutEmoji'))} ${field(node, 'calloutText')}</p></blockquote>` };
    case 'toggle':
      return { html: `<p><strong>${field(node, 'heading')}</strong></p>${field(node, 'content')}` };
    case 'button':
      return { html: linkTo(field(node, 'buttonUrl'), field(node, 'buttonText')) };
    case 'bookmark': {
      const metadata = typeof node.metadata === 'object' && node.metadata !== null ? (node.metadata as LexicalNode) : {};
      return { html: linkTo(field(node, 'url'), field(metadata, 'title')) };
    }
    case 'embed':
      return { html: linkTo(field(node, 'url'), field(node, 'caption')) };
    case 'video':
    case 'audio':
    case 'file':
      return { html: linkTo(field(node, 'src'), field(node, 'fileName') || field(node, 'title') || field(node, 'caption')) };
    default:
      return { html: childrenOf(node).length > 0 ? `<p>${inline(childrenOf(node))}</p>` : '' };
  }
}

/** Thrown for a Lexical text that is not the editor's JSON. */
export class LexicalError extends Error {}

/**
 * A Lexical body as Markdown; `baseUrl` resolves relative links as for an HTML body.
 * Throws {@link LexicalError} when the text is not a Lexical document.
 */
export function lexicalToMarkdown(lexical: string, options: { baseUrl?: string | null } = {}): string {
  let document: unknown;
  try {
    document = JSON.parse(lexical);
  } catch {
    throw new LexicalError('not JSON');
  }
  const root = typeof document === 'object' && document !== null ? (document as { root?: unknown }).root : undefined;
  if (typeof root !== 'object' || root === null) throw new LexicalError('no root');
  return childrenOf(root as LexicalNode)
    .map(block)
    .map((drawn) => ('markdown' in drawn ? drawn.markdown.trim() : htmlToMarkdown(drawn.html, options)))
    .filter(Boolean)
    .join('\n\n');
}
