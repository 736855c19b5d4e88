/**
 * An old blog's HTML bodies as Folio's Markdown (server/API.md §E21). Folio renders bodies with
 * markdown-it and `html: false` (raw HTML shows as text), so nothing here may pass HTML through:
 * every element becomes Markdown or its text, and what has no Markdown form (an iframe, a video)
 * becomes a link to it.
 */
import TurndownService from 'turndown';
import { highlightedCodeBlock, strikethrough, tables, taskListItems } from '@joplin/turndown-plugin-gfm';

export interface HtmlToMarkdownOptions {
  /** The old site's address: relative links and images are resolved against it. */
  baseUrl?: string | null;
}

/**
 * The base of the conversion running now. Turndown is synchronous and one instance serves every
 * body (building one per post costs more than converting it), so its rules read the base here.
 */
let currentBase: URL | null = null;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Schemes a link or image may keep; anything else (javascript:, data: links) loses its link. */
const SAFE_SCHEME = /^(?:https?|mailto|tel|ftp):/i;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
/** SyntaxHighlighter's `brush: php`, Crayon's `lang:php`. */
const BRUSH = /(?:^|[\s;])(?:brush|lang):\s*([\w+#.-]+)/i;
/** Prism, highlight.js, markdown renderers and WordPress code plugins name the language in a class. */
const LANGUAGE_CLASS = /^(?:language|lang|highlight-source|highlight-text)-([\w+#.-]+)$/i;
/** Classes on code blocks that name no language. */
const NON_LANGUAGE_CLASSES = new Set([
  'hljs',
  'wp-block-code',
  'wp-block-preformatted',
  'wp-block-verse',
  'code',
  'prettyprint',
  'linenums',
  'notranslate',
  'highlight',
  'syntaxhighlighter',
  'line-numbers',
  'source',
]);
/** Old highlighters' names for languages Prism knows under another. */
const LANGUAGE_ALIASES: Record<string, string> = {
  plain: 'text',
  plaintext: 'text',
  jscript: 'javascript',
  js: 'javascript',
  shell: 'bash',
  sh: 'bash',
  'c#': 'csharp',
  'c++': 'cpp',
  vb: 'vbnet',
  ps: 'powershell',
};

/** The URL an attribute gives, resolved against the old site when it is relative. */
function resolveUrl(raw: string | null): string {
  const value = (raw ?? '').trim();
  if (value === '' || value.startsWith('#')) return value;
  if (HAS_SCHEME.test(value)) return value;
  if (!currentBase) return value;
  try {
    return new URL(value, currentBase).href;
  } catch {
    return value;
  }
}

/** A link destination markdown-it reads back unchanged: no spaces nor unbalanced brackets. */
function markdownDestination(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => encodeURIComponent(char));
}

/** Text for `[...]` or `![...]`: on one line, brackets escaped. */
function bracketText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([[\]\\])/g, '\\$1');
}

function titlePart(node: HTMLElement): string {
  const title = (node.getAttribute('title') ?? '').replace(/\s+/g, ' ').trim();
  return title ? ` "${title.replace(/"/g, '\\"')}"` : '';
}

/** The source a lazy-loading plugin may have moved out of `src` (a placeholder `data:` left in it). */
function imageSource(node: HTMLElement): string {
  const src = node.getAttribute('src') ?? '';
  const lazy = node.getAttribute('data-src') ?? node.getAttribute('data-lazy-src') ?? node.getAttribute('data-original');
  if (lazy && (src === '' || src.startsWith('data:'))) return lazy;
  return src;
}

/** A code block's text: `<br>` as a line break (some editors write those inside `<pre>`). */
function codeText(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) text += child.nodeValue ?? '';
    else if (child.nodeName === 'BR') text += '\n';
    else if (child.nodeType === ELEMENT_NODE) text += codeText(child);
  }
  return text;
}

function languageFromElement(element: Element): string {
  for (const attribute of ['lang', 'data-lang', 'data-language', 'data-enlighter-language']) {
    const value = element.getAttribute(attribute);
    if (value && /^[\w+#.-]+$/.test(value.trim())) return value.trim();
  }
  const className = element.getAttribute('class') ?? '';
  const brush = BRUSH.exec(className);
  if (brush?.[1]) return brush[1];
  const classes = className.split(/\s+/).filter(Boolean);
  for (const name of classes) {
    const match = LANGUAGE_CLASS.exec(name);
    if (match?.[1]) return match[1];
  }
  // highlight.js writes `class="hljs php"`: the other class is the language.
  if (classes.includes('hljs')) {
    const other = classes.find((name) => !NON_LANGUAGE_CLASSES.has(name.toLowerCase()) && /^[\w+#.-]+$/.test(name));
    if (other) return other;
  }
  return '';
}

/** The language a code block is written in, from the `<pre>`, its `<code>` or a wrapper's class. */
function codeLanguage(pre: HTMLElement): string {
  const code = Array.from(pre.children).find((child) => child.nodeName === 'CODE');
  const found =
    (code ? languageFromElement(code) : '') ||
    languageFromElement(pre) ||
    (pre.parentElement ? languageFromElement(pre.parentElement) : '');
  const language = found.toLowerCase();
  return LANGUAGE_ALIASES[language] ?? language;
}

/** A fence longer than any run of backticks in the code, so the code cannot close it. */
function fenceFor(code: string): string {
  const longest = Math.max(0, ...Array.from(code.matchAll(/`+/g), (match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** An embedded player's address: its own `src`, a lazy one, an `<object>`'s data or a `<source>`. */
function embedSource(node: HTMLElement): string {
  const direct = node.getAttribute('src') ?? node.getAttribute('data-src') ?? node.getAttribute('data');
  if (direct) return direct;
  const source = Array.from(node.children).find((child) => child.nodeName === 'SOURCE');
  return source?.getAttribute('src') ?? '';
}

/**
 * A cell's Markdown on one line (a GFM row cannot break): list items as `•`, headings, quotes
 * and code fences as their text.
 */
function cellText(content: string): string {
  return content
    .split('\n')
    .filter((line) => !/^\s*(?:```|~~~)/.test(line))
    .map((line) =>
      line
        .replace(/^\s*(?:[-*+]|\d+\.)\s+/, '• ')
        .replace(/^\s*#{1,6}\s+/, '')
        .replace(/^\s*>\s?/, '')
        .trim(),
    )
    .filter(Boolean)
    .join(' ');
}

function isInsideNestedTable(node: HTMLElement): boolean {
  let tables = 0;
  for (let parent: HTMLElement | null = node; parent; parent = parent.parentElement) {
    if (parent.nodeName === 'TABLE') tables += 1;
  }
  return tables > 1;
}

function containsTable(node: Element): boolean {
  return node.getElementsByTagName('table').length > 0;
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    // `*` rather than `_`: markdown-it never opens `_` emphasis between two CJK characters.
    emDelimiter: '*',
    strongDelimiter: '**',
    hr: '---',
  });
  service.use([highlightedCodeBlock, strikethrough, tables, taskListItems]);

  // Rules added later are tried first (turndown keeps them in reverse order).
  service.remove(['script', 'style', 'noscript', 'template', 'link', 'meta', 'head', 'title']);

  // The GFM plugin keeps tables holding lists or code as raw HTML, which Folio would show as
  // text, and writes a line break in a cell as `<br>`: every table is a GFM table here, its cells
  // on one line.
  service.addRule('tableCellOnOneLine', {
    filter: ['th', 'td'],
    replacement(content, node) {
      const table = node.closest('table');
      if (isInsideNestedTable(node) || (table && containsTable(table))) return `\n\n${content}\n\n`;
      const siblings = Array.from(node.parentElement?.children ?? []);
      const text = cellText(content).replace(/\|/g, '\\|');
      return `${siblings.indexOf(node) === 0 ? '| ' : ' '}${text || ' '} |`;
    },
  });
  service.addRule('tableAlwaysMarkdown', {
    filter: 'table',
    replacement(content, node) {
      if (isInsideNestedTable(node) || containsTable(node)) return `\n\n${content}\n\n`;
      const lines = content
        .replace(/\n+/g, '\n')
        .trim()
        .split('\n')
        .filter((line) => line.trim() !== '');
      if (lines.length === 0) return '';
      const columns = Math.max(
        ...Array.from(node.getElementsByTagName('tr'), (row) =>
          Array.from(row.children)
            .filter((cell) => cell.nodeName === 'TD' || cell.nodeName === 'TH')
            .reduce((sum, cell) => sum + Math.max(1, Number(cell.getAttribute('colspan')) || 1), 0),
        ),
        1,
      );
      // A table without a heading row gets an empty one: GFM needs it, and it shows as nothing.
      const hasHeading = lines.length > 1 && /^\|?\s*:?-{3}/.test(lines[1] ?? '');
      const heading = hasHeading ? [] : [`|${'   |'.repeat(columns)}`, `|${' --- |'.repeat(columns)}`];
      const caption = node.querySelector('caption')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
      return `\n\n${[...heading, ...lines].join('\n')}\n\n${caption ? `*${caption}*\n\n` : ''}`;
    },
  });

  service.addRule('codeBlockWithLanguage', {
    filter: 'pre',
    replacement(_content, node) {
      const code = codeText(node).replace(/\n$/, '');
      const language = codeLanguage(node);
      const fence = fenceFor(code);
      return `\n\n${fence}${language}\n${code}\n${fence}\n\n`;
    },
  });

  // A verse keeps its line breaks but is prose, not code (tried before the rule above).
  service.addRule('verseWithLineBreaks', {
    filter: (node) => node.nodeName === 'PRE' && node.classList.contains('wp-block-verse'),
    replacement(_content, node) {
      const lines = codeText(node)
        .split('\n')
        .map((line) => service.escape(line.trim()));
      return `\n\n${lines.join('  \n').trim()}\n\n`;
    },
  });

  service.addRule('captionAsItalicLine', {
    filter: 'figcaption',
    replacement(content) {
      const caption = content.replace(/\s*\n+\s*/g, ' ').trim();
      // `_` around the line: emphasis inside the caption is written with `*`, and the same
      // delimiter on both levels would close the outer one early.
      return caption ? `\n\n_${caption}_\n\n` : '';
    },
  });

  service.addRule('embedAsLink', {
    filter: ['iframe', 'embed', 'object', 'video', 'audio'],
    replacement(_content, node) {
      const url = resolveUrl(embedSource(node));
      if (!url || !SAFE_SCHEME.test(url)) return '';
      const label = bracketText(node.getAttribute('title') ?? '') || bracketText(url);
      return `\n\n[${label}](${markdownDestination(url)})\n\n`;
    },
  });

  service.addRule('imageResolved', {
    filter: 'img',
    replacement(_content, node) {
      const src = resolveUrl(imageSource(node));
      if (!src || (HAS_SCHEME.test(src) && !/^(?:https?|data):/i.test(src))) return '';
      return `![${bracketText(node.getAttribute('alt') ?? '')}](${markdownDestination(src)}${titlePart(node)})`;
    },
  });

  service.addRule('linkResolved', {
    filter: (node) => node.nodeName === 'A' && node.getAttribute('href') !== null,
    replacement(content, node) {
      const href = resolveUrl(node.getAttribute('href'));
      if (content.trim() === '') return '';
      if (!href || (HAS_SCHEME.test(href) && !SAFE_SCHEME.test(href))) return content;
      return `[${content.trim()}](${markdownDestination(href)}${titlePart(node)})`;
    },
  });

  return service;
}

let service: TurndownService | null = null;

/**
 * HTML (a post's body, a comment) as Markdown that Folio's renderer shows the same way: code
 * blocks keep their language, tables are GFM tables, a figure's caption is an italic line under
 * it, iframes and players are links, and no HTML (comments, scripts, styles) is left.
 */
export function htmlToMarkdown(html: string, options: HtmlToMarkdownOptions = {}): string {
  if (html.trim() === '') return '';
  service ??= createService();
  let base: URL | null = null;
  if (options.baseUrl) {
    try {
      base = new URL(options.baseUrl);
    } catch {
      base = null;
    }
  }
  currentBase = base;
  try {
    return service
      .turndown(html)
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  } finally {
    currentBase = null;
  }
}
