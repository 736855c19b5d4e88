/**
 * Image references inside a Markdown text, and rewriting them to uploaded URLs.
 *
 * API:
 * - `findImageRefs(markdown): ImageRef[]` — `![alt](url "title")` (also `<url>` in angle
 *   brackets), reference definitions `[id]: url "title"` that point at an image file, and HTML
 *   `<img src="...">`; code fences and inline code are ignored.
 * - `localImagePath(target, markdownFile): string | undefined` — the absolute file a reference
 *   means when it is local (relative, absolute, `file://`, Windows drive); undefined for web
 *   URLs, `data:` and anchors. Whether the file exists is the caller's question.
 * - `rewriteImageRefs(markdown, refs, urlFor)` — replaces each ref's target where `urlFor`
 *   answers a URL (angle brackets and titles are kept as written).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type ImageRefKind = 'inline' | 'reference' | 'html';

export interface ImageRef {
  kind: ImageRefKind;
  /** The target as written, without angle brackets or quotes. */
  target: string;
  /** Offsets of the written target (including its angle brackets) in the text. */
  start: number;
  end: number;
  /** True when the target was written in angle brackets. */
  angled: boolean;
}

const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|avif|bmp|svg)$/i;
const INLINE_IMAGE = /!\[(?:[^\]\\\n]|\\.)*\]\([ \t]*(<[^>\n]*>|[^\s)]+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*\)/g;
const REFERENCE_DEFINITION =
  /^ {0,3}\[(?:[^\]\\\n]|\\.)+\]:[ \t]*(<[^>\n]*>|\S+)(?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*$/gm;
const HTML_IMG_SRC = /<img\b[^>]*?\bsrc[ \t]*=[ \t]*("[^"]*"|'[^']*'|[^\s>]+)/gi;

/** The text with code fences and inline code blanked out (same length, so offsets hold). */
function maskCode(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  return text
    .replace(/^( {0,3})(```+|~~~+)[^\n]*\n[\s\S]*?(^ {0,3}\2[^\n]*$|(?![\s\S]))/gm, blank)
    .replace(/(`+)[^`\n]+?\1/g, blank);
}

function refFrom(kind: ImageRefKind, written: string, start: number): ImageRef {
  const angled = written.startsWith('<') && written.endsWith('>');
  const quoted = /^(["']).*\1$/.test(written);
  const target = angled || quoted ? written.slice(1, -1) : written;
  return { kind, target: target.trim(), start, end: start + written.length, angled };
}

export function findImageRefs(markdown: string): ImageRef[] {
  const text = maskCode(markdown);
  const refs: ImageRef[] = [];
  for (const match of text.matchAll(INLINE_IMAGE)) {
    const written = match[1] ?? '';
    refs.push(refFrom('inline', written, (match.index ?? 0) + match[0].indexOf(written, match[0].indexOf('](') + 2)));
  }
  for (const match of text.matchAll(REFERENCE_DEFINITION)) {
    const written = match[1] ?? '';
    const ref = refFrom('reference', written, (match.index ?? 0) + match[0].lastIndexOf(written));
    // A definition may be any link; only one that names an image file is an image to upload.
    if (IMAGE_EXTENSION.test(ref.target.split(/[?#]/)[0] ?? '')) refs.push(ref);
  }
  for (const match of text.matchAll(HTML_IMG_SRC)) {
    const written = match[1] ?? '';
    refs.push(refFrom('html', written, (match.index ?? 0) + match[0].lastIndexOf(written)));
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** Percent-escapes such as `%20` are decoded (editors write spaces that way). */
function decodePath(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

export function localImagePath(target: string, markdownFile: string): string | undefined {
  const clean = target.split('#')[0]?.split('?')[0]?.trim() ?? '';
  if (!clean) return undefined;
  if (/^file:\/\//i.test(clean)) {
    try {
      return fileURLToPath(clean);
    } catch {
      return undefined;
    }
  }
  if (/^[A-Za-z]:[\\/]/.test(clean)) return path.win32.normalize(decodePath(clean));
  // Any other scheme (http:, https:, data:, mailto:) or a protocol-relative URL is not a file.
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(clean) || clean.startsWith('//')) return undefined;
  const decoded = decodePath(clean);
  return path.isAbsolute(decoded) ? path.normalize(decoded) : path.resolve(path.dirname(markdownFile), decoded);
}

export function rewriteImageRefs(
  markdown: string,
  refs: readonly ImageRef[],
  urlFor: (ref: ImageRef) => string | undefined,
): string {
  let result = markdown;
  for (const ref of [...refs].sort((a, b) => b.start - a.start)) {
    const url = urlFor(ref);
    if (!url) continue;
    const written = markdown.slice(ref.start, ref.end);
    const quote = /^["']/.exec(written)?.[0];
    const replacement = ref.angled ? `<${url}>` : quote ? `${quote}${url}${quote}` : url;
    result = result.slice(0, ref.start) + replacement + result.slice(ref.end);
  }
  return result;
}
