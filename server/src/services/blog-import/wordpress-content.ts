/**
 * A WordPress body (`content:encoded`) as the HTML WordPress itself would show, before it becomes
 * Markdown (server/API.md §E21): block comments gone, shortcodes done as WordPress does them
 * (captions, galleries, embeds, code), classic-editor paragraphs made from blank lines.
 */
import { escapeHtml } from '@folio/shared';
import { htmlToMarkdown } from './html-to-markdown.js';

/** What the body's shortcodes need of the export's attachments (`post_type` attachment). */
export interface WordPressAttachment {
  /** `wp:post_id`. */
  id: string;
  /** The post it was uploaded to (`wp:post_parent`), `'0'` for none. */
  parentId: string;
  /** `wp:attachment_url`: the file's address on the old site. */
  url: string;
  /** `excerpt:encoded`: the caption a gallery shows under it. */
  caption: string;
  /** `_wp_attachment_image_alt`. */
  alt: string;
}

export interface WordPressContentContext {
  /** The post's `wp:post_id`: a `[gallery]` without ids shows the images uploaded to it. */
  postId: string;
  attachments: ReadonlyMap<string, WordPressAttachment>;
  /** The old site's address, for relative links and images. */
  baseUrl: string | null;
  /** Reusable blocks (`post_type` wp_block) by id: a `<!-- wp:block {"ref":N} /-->` shows one. */
  reusableBlocks?: ReadonlyMap<string, string>;
}

/** A reusable block placed in a post; one may hold another, a few levels deep at most. */
const REUSABLE_BLOCK = /<!--\s*wp:block\s+\{[^}]*?"ref"\s*:\s*(\d+)[^}]*\}\s*\/-->/g;
const REUSABLE_BLOCK_DEPTH = 3;

function inlineReusableBlocks(body: string, blocks: ReadonlyMap<string, string> | undefined): string {
  let text = body;
  for (let depth = 0; blocks && depth < REUSABLE_BLOCK_DEPTH && /<!--\s*wp:block\s/.test(text); depth += 1) {
    text = text.replace(REUSABLE_BLOCK, (_block, id: string) => blocks.get(id) ?? '');
  }
  return text;
}

/** Whether a body shows something listed elsewhere in the export (a gallery's images, a reusable block). */
export function bodyNeedsWholeExport(body: string): boolean {
  return /\[gallery\b/i.test(body) || /<!--\s*wp:block\s/.test(body);
}

/** Elements WordPress's wpautop never wraps in a paragraph, nor breaks inside. */
const BLOCK_TAGS =
  'table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|script|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary|iframe|video|audio|object';
const BLOCK_OPEN_OR_CLOSE = new RegExp(`^</?(?:${BLOCK_TAGS})(?=[\\s/>])`, 'i');
const BEFORE_BLOCK = new RegExp(`(<(?:${BLOCK_TAGS})(?=[\\s/>]))`, 'gi');
const AFTER_BLOCK = new RegExp(`(</(?:${BLOCK_TAGS})>)`, 'gi');

/** Shortcodes whose body is code (SyntaxHighlighter Evolved and the plugins that copied it). */
const CODE_SHORTCODES = new Set([
  'code',
  'sourcecode',
  'source',
  'php',
  'js',
  'javascript',
  'python',
  'py',
  'css',
  'html',
  'xml',
  'bash',
  'shell',
  'sql',
  'java',
  'cpp',
  'csharp',
  'ruby',
  'go',
  'json',
  'text',
  'plain',
]);
/**
 * Plugins' shortcodes that often stand alone without attributes; any other word in brackets is
 * text (`[sic]`, `[1]`) unless it has attributes, a closing tag or a `/]`.
 */
const KNOWN_SHORTCODES = new Set([
  'gallery',
  'caption',
  'wp_caption',
  'embed',
  'video',
  'audio',
  'playlist',
  'toc',
  'ez-toc',
  'table-of-contents',
  'contact-form',
  'contact-form-7',
  'wpforms',
  'archives',
  'sitemap',
  'related',
  'more',
  'nextpage',
  'youtube',
  'bilibili',
  'tweet',
  'instagram',
  'soundcloud',
  'spotify',
  'wpvideo',
  'ad',
  'ads',
  'adsense',
]);
const SHORTCODE_TAG = /\[(\/)?([a-zA-Z][\w-]*)((?:\s[^\]]*?)?)(\/)?\]/g;
const BARE_URL_LINE = /^[ \t]*(https?:\/\/[^\s<>"'\][]+)[ \t]*$/gm;
const PRE_ELEMENT = /<pre[\s>][\s\S]*?<\/pre>/gi;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
};

/** `&amp;`, `&#8217;`, `&#x2019;` and the common named entities as their characters. */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([\da-f]+)|([a-z]+));/gi, (entity, dec?: string, hex?: string, name?: string) => {
    const code = dec ? Number(dec) : hex ? parseInt(hex, 16) : undefined;
    if (code !== undefined) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? entity;
  });
}

/** A shortcode's attributes (`a="x" b='y' c=z`, and positional values under their index). */
function shortcodeAttributes(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  let position = 0;
  for (const match of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s'"]+))|"([^"]*)"|(\S+)/g)) {
    if (match[1]) attributes.set(match[1].toLowerCase(), decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
    else attributes.set(String(position++), decodeEntities(match[5] ?? match[6] ?? ''));
  }
  return attributes;
}

/** Sets text aside under a marker no body contains, to be put back once the rest is done. */
class Vault {
  private readonly held: string[] = [];
  static holds(html: string): boolean {
    return html.startsWith('<pre data-folio-held="');
  }
  hold(html: string): string {
    this.held.push(html);
    return `<pre data-folio-held="${this.held.length - 1}"></pre>`;
  }
  restore(text: string): string {
    return text.replace(/<pre data-folio-held="(\d+)"><\/pre>/g, (_marker, index: string) => this.held[Number(index)] ?? '');
  }
}

function codeBlockHtml(language: string, body: string): string {
  const code = body.replace(/^\n+|\s+$/g, '');
  // SyntaxHighlighter Evolved 3 stores the code with its `<` as entities, older versions raw.
  const escaped = code.includes('<') ? escapeHtml(code) : code;
  const languageClass = language ? ` class="language-${escapeHtml(language.toLowerCase())}"` : '';
  return `<pre><code${languageClass}>${escaped}</code></pre>`;
}

/** `[code lang="js"]…[/code]`, `[sourcecode language="php"]`, `[php]…[/php]` as code blocks set aside. */
function holdCodeShortcodes(text: string, vault: Vault): string {
  return text.replace(
    /\[([a-zA-Z]+)((?:\s[^\]]*)?)\]([\s\S]*?)\[\/\1\]/g,
    (whole, name: string, attributeText: string, body: string) => {
      const lower = name.toLowerCase();
      if (!CODE_SHORTCODES.has(lower)) return whole;
      const attributes = shortcodeAttributes(attributeText);
      const generic = lower === 'code' || lower === 'sourcecode' || lower === 'source';
      const language = attributes.get('lang') ?? attributes.get('language') ?? (generic ? '' : lower);
      return `\n\n${vault.hold(codeBlockHtml(language === 'plain' ? 'text' : language, body))}\n\n`;
    },
  );
}

function figureHtml(imageHtml: string, caption: string): string {
  const captionHtml = caption.trim() ? `<figcaption>${caption.trim()}</figcaption>` : '';
  return `\n\n<figure>${imageHtml.trim()}${captionHtml}</figure>\n\n`;
}

/** `[caption id=… caption="…"]<a><img></a> text[/caption]` as a figure with its caption. */
function expandCaptions(text: string): string {
  return text.replace(
    /\[(caption|wp_caption)((?:\s[^\]]*)?)\]([\s\S]*?)\[\/\1\]/gi,
    (_whole, _name: string, attributeText: string, body: string) => {
      const attributes = shortcodeAttributes(attributeText);
      const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(body);
      if (!image) return body;
      return figureHtml(image[1] ?? '', attributes.get('caption') ?? image[2] ?? '');
    },
  );
}

function galleryHtml(attributeText: string, context: WordPressContentContext): string {
  const attributes = shortcodeAttributes(attributeText);
  const ids = (attributes.get('ids') ?? attributes.get('include') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  // Without ids, WordPress shows the images uploaded to the post, in upload order.
  const images =
    ids.length > 0
      ? ids.flatMap((id) => context.attachments.get(id) ?? [])
      : [...context.attachments.values()].filter((attachment) => attachment.parentId === context.postId);
  return images
    .map((image) => figureHtml(`<img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.alt)}">`, escapeHtml(image.caption)))
    .join('');
}

function linkHtml(url: string): string {
  const safe = escapeHtml(url.trim());
  return `\n\n<p><a href="${safe}">${safe}</a></p>\n\n`;
}

/** Media shortcodes as the address they play: `[video mp4=…]`, `[audio src=…]`, `[youtube url]`. */
function mediaUrl(attributes: Map<string, string>): string {
  for (const key of ['src', 'url', 'mp4', 'm4v', 'webm', 'ogv', 'mp3', 'ogg', 'wav', 'm4a', 'flv', 'wmv', '0']) {
    const value = attributes.get(key);
    if (value && /^https?:\/\//i.test(value)) return value;
  }
  return '';
}

/** Every shortcode left: the known ones done, the others removed with their text kept. */
function expandShortcodes(text: string, context: WordPressContentContext): string {
  const withEmbeds = text.replace(/\[embed((?:\s[^\]]*)?)\]([\s\S]*?)\[\/embed\]/gi, (_whole, _attributes, url: string) =>
    url.trim() ? linkHtml(decodeEntities(url.trim())) : '',
  );
  const closed = new Set(Array.from(withEmbeds.matchAll(/\[\/([a-zA-Z][\w-]*)\]/g), (match) => (match[1] ?? '').toLowerCase()));
  return withEmbeds.replace(
    SHORTCODE_TAG,
    (whole, closing: string | undefined, name: string, attributeText: string, selfClosing: string | undefined) => {
      const lower = name.toLowerCase();
      const isShortcode =
        KNOWN_SHORTCODES.has(lower) || closed.has(lower) || selfClosing !== undefined || /=/.test(attributeText);
      if (!isShortcode) return whole;
      if (closing) return '';
      if (lower === 'gallery') return galleryHtml(attributeText, context);
      if (['video', 'audio', 'youtube', 'bilibili', 'wpvideo', 'soundcloud', 'spotify', 'tweet', 'instagram'].includes(lower)) {
        const url = mediaUrl(shortcodeAttributes(attributeText));
        return url ? linkHtml(url) : '';
      }
      return '';
    },
  );
}

/**
 * The essentials of WordPress's wpautop: a blank line ends a paragraph, a single line break is a
 * `<br>`, and block elements (and everything in a `<pre>`) are left as they are.
 */
export function autoParagraphs(html: string): string {
  const vault = new Vault();
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(PRE_ELEMENT, (pre) => `\n\n${vault.hold(pre)}\n\n`)
    .replace(BEFORE_BLOCK, '\n\n$1')
    .replace(AFTER_BLOCK, '$1\n\n');
  const paragraphs = text
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (BLOCK_OPEN_OR_CLOSE.test(chunk) ? chunk : `<p>${chunk.replace(/\s*\n\s*/g, '<br />\n')}</p>`));
  return vault.restore(paragraphs.join('\n'));
}

/**
 * A post's `content:encoded` as HTML ready for {@link htmlToMarkdown}: no block comment, no
 * `<!--more-->` (Folio's excerpt is the summary or the opening, server/API.md §E18), no shortcode.
 */
export function wordPressBodyToHtml(body: string, context: WordPressContentContext): string {
  const usesBlocks = /<!--\s*wp:/.test(body);
  const vault = new Vault();
  let html = holdCodeShortcodes(inlineReusableBlocks(body, context.reusableBlocks).replace(/\r\n?/g, '\n'), vault);
  // A code block's text is the author's, shortcodes and bare addresses included.
  html = html.replace(PRE_ELEMENT, (pre) => (Vault.holds(pre) ? pre : `\n\n${vault.hold(pre)}\n\n`));
  html = html.replace(HTML_COMMENT, '');
  html = expandCaptions(html);
  html = expandShortcodes(html, context);
  // An address alone on its line is an oEmbed (a video, a tweet): Folio links to it.
  html = html.replace(BARE_URL_LINE, (_line, url: string) => linkHtml(decodeEntities(url)));
  // The block editor writes its own paragraphs; wpautop only ever runs on classic bodies.
  if (!usesBlocks) html = autoParagraphs(html);
  return vault.restore(html);
}

/** A post's body as Folio's Markdown. */
export function wordPressBodyToMarkdown(body: string, context: WordPressContentContext): string {
  return htmlToMarkdown(wordPressBodyToHtml(body, context), { baseUrl: context.baseUrl });
}

/** A comment (text with a few tags and line breaks, as visitors type them) as Markdown. */
export function wordPressCommentToMarkdown(content: string): string {
  return htmlToMarkdown(autoParagraphs(content.replace(HTML_COMMENT, '')));
}

/** An excerpt or caption as plain text: no tags, comments, shortcodes or entities. */
export function wordPressHtmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(HTML_COMMENT, '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(SHORTCODE_TAG, (tag, _closing, name: string, attributeText: string, selfClosing?: string) =>
        KNOWN_SHORTCODES.has(name.toLowerCase()) || selfClosing !== undefined || /=/.test(attributeText) ? ' ' : tag,
      ),
  )
    .replace(/\s+/g, ' ')
    .trim();
}
