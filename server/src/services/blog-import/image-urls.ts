/**
 * Where a Markdown body of an imported post names an image (server/API.md §E21), found so that
 * each address can be fetched and then replaced where it stands, and nowhere else: not in code.
 */

/** How an image is named. A `link` is a Markdown link, taken for an image only when it points at an image file. */
export type ImageUrlKind = 'markdown-image' | 'link' | 'html';

/** One address in a body: the text to replace, between `start` and `end`, and the address it means. */
export interface ImageUrlSpan {
  kind: ImageUrlKind;
  start: number;
  end: number;
  /** The address with Markdown's escapes or HTML's entities read, as found otherwise (relative stays relative). */
  url: string;
}

/** File names that are images, for the links (a WordPress "link to the media file") taken as images. */
export const IMAGE_FILE = /\.(?:jpe?g|png|gif|webp|avif|bmp|tiff?|heic|heif)$/i;

/** The ranges of fenced code blocks and inline code spans, where nothing is an image. */
function codeRanges(markdown: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const fence = /^ {0,3}(`{3,}|~{3,})[^\n]*$/gm;
  let open: { char: string; length: number; start: number } | undefined;
  for (const match of markdown.matchAll(fence)) {
    const marker = match[1] ?? '';
    if (!open) {
      open = { char: marker.charAt(0), length: marker.length, start: match.index };
    } else if (marker.charAt(0) === open.char && marker.length >= open.length && match[0].trim() === marker) {
      ranges.push([open.start, match.index + match[0].length]);
      open = undefined;
    }
  }
  if (open) ranges.push([open.start, markdown.length]);
  const inside = (at: number) => ranges.some(([from, to]) => at >= from && at < to);
  // A code span never crosses a blank line, which also keeps a stray backtick from scanning the whole body.
  const inline = /(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n)[\s\S])*?(?<!`)\1(?!`)/g;
  const spans: Array<[number, number]> = [];
  for (const match of markdown.matchAll(inline)) {
    if (!inside(match.index)) spans.push([match.index, match.index + match[0].length]);
  }
  return [...ranges, ...spans];
}

/** Reads a link destination starting at `at` (just after `(` and any spaces): its end and meaning. */
function readDestination(markdown: string, at: number): { end: number; url: string } | undefined {
  if (markdown[at] === '<') {
    const close = markdown.indexOf('>', at + 1);
    if (close < 0) return undefined;
    const inner = markdown.slice(at + 1, close);
    if (inner.includes('\n') || inner.includes('<')) return undefined;
    return { end: close + 1, url: inner.replace(/\\([\\<>()])/g, '$1') };
  }
  let depth = 0;
  let end = at;
  for (; end < markdown.length; end += 1) {
    const char = markdown.charAt(end);
    if (char === '\\' && end + 1 < markdown.length) {
      end += 1;
      continue;
    }
    if (/\s/.test(char)) break;
    if (char === '(') depth += 1;
    if (char === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
  }
  if (end === at) return undefined;
  return { end, url: markdown.slice(at, end).replace(/\\([!-/:-@[-`{-~])/g, '$1') };
}

/** `&amp;` and the other entities an HTML attribute may hold in an address. */
function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return named[name.toLowerCase()] ?? whole;
  });
}

/** The addresses of `<img src>` and `<img srcset>` left in Markdown. */
function htmlImageSpans(markdown: string, add: (span: ImageUrlSpan) => void): void {
  for (const tag of markdown.matchAll(/<img\b[^>]*>/gi)) {
    const attributes = /\s(src|srcset)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
    for (const attribute of tag[0].matchAll(attributes)) {
      const value = attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
      const quoted = attribute[2] !== undefined || attribute[3] !== undefined;
      const valueStart = tag.index + attribute.index + attribute[0].length - value.length - (quoted ? 1 : 0);
      if (attribute[1]?.toLowerCase() === 'src') {
        const url = decodeEntities(value.trim());
        if (url) add({ kind: 'html', start: valueStart, end: valueStart + value.length, url });
        continue;
      }
      // srcset: `url 300w, url 2x`: each candidate's address is its first word.
      for (const candidate of value.matchAll(/[^\s,][^\s]*/g)) {
        const word = candidate[0].replace(/,$/, '');
        if (/^\d+(?:\.\d+)?[wx]$/.test(word)) continue;
        const start = valueStart + candidate.index;
        add({ kind: 'html', start, end: start + word.length, url: decodeEntities(word) });
      }
    }
  }
}

/** Every address a Markdown body names an image by (and every link), in order, code left out. */
export function imageUrlSpans(markdown: string): ImageUrlSpan[] {
  const code = codeRanges(markdown);
  const inCode = (at: number) => code.some(([from, to]) => at >= from && at < to);
  const spans: ImageUrlSpan[] = [];
  const add = (span: ImageUrlSpan) => {
    if (!inCode(span.start)) spans.push(span);
  };
  // `](` closes a link's or an image's text; whether a `!` opened it decides which.
  for (const match of markdown.matchAll(/\]\(/g)) {
    let at = match.index + 2;
    while (markdown[at] === ' ' || markdown[at] === '\t' || markdown[at] === '\n') at += 1;
    const destination = readDestination(markdown, at);
    if (!destination) continue;
    const open = openingBracket(markdown, match.index);
    if (open === undefined) continue;
    const kind: ImageUrlKind = markdown[open - 1] === '!' ? 'markdown-image' : 'link';
    add({ kind, start: at, end: destination.end, url: destination.url });
  }
  htmlImageSpans(markdown, add);
  return spans.sort((a, b) => a.start - b.start);
}

/** The `[` that opens the text closed at `close`, nested brackets and escapes allowed. */
function openingBracket(markdown: string, close: number): number | undefined {
  let depth = 0;
  for (let at = close - 1; at >= 0; at -= 1) {
    const char = markdown.charAt(at);
    if (markdown[at - 1] === '\\') {
      at -= 1;
      continue;
    }
    if (char === ']') depth += 1;
    if (char === '[') {
      if (depth === 0) return at;
      depth -= 1;
    }
    if (char === '\n' && markdown[at - 1] === '\n') return undefined;
  }
  return undefined;
}

/** `markdown` with each span whose address `replacement` gives a new one replaced by it. */
export function replaceImageUrls(
  markdown: string,
  spans: readonly ImageUrlSpan[],
  replacement: (span: ImageUrlSpan) => string | undefined,
): string {
  let result = '';
  let from = 0;
  for (const span of spans) {
    const next = replacement(span);
    if (next === undefined || span.start < from) continue;
    result += markdown.slice(from, span.start) + next;
    from = span.end;
  }
  return result + markdown.slice(from);
}
