/**
 * A Markdown file read the way an import reads it, on top of the shared front matter rule
 * (`@folio/shared/front-matter`): the one rule of the desktop's folder import and the server's
 * static-site import (server/API.md §E21.4), so a preview and an import cannot disagree:
 * - unreadable front matter does not stop the file: the body after it is kept, the title and
 *   date come from the file name (Jekyll's `2024-01-15-title.md`), with a visible note;
 * - a file whose front matter gives no date takes the date its name starts with, as Jekyll does;
 * - `categories: [游记, 高原]`: the first is the category, the others become tags (an article
 *   has one category), with a note, so none is silently dropped;
 * - the Hexo/Hugo excerpt mark `<!-- more -->` (`<!--more-->`) leaves the body, which would
 *   otherwise show it as text (server/API.md §E18), and the text before it becomes the summary
 *   when the front matter gives none (`summary`, `description`, `excerpt`);
 * - the addresses a static site gives the post (`slug`, Hugo's `url` and `aliases`, Jekyll's and
 *   Hexo's `permalink`) are read for the importer's redirects; drafts (`draft: true`,
 *   `published: false`) are the front matter rule's.
 *
 * API: `parseForImport(text, relativePath): { parsed, notes, frontMatterBroken, address }` —
 * `parsed.title` is never empty (the file name stands in); `notes` are the problems to show
 * (never blocking). Node-free; imported as `@folio/shared/markdown-import-parse`.
 */
import { LIMITS } from './constants.js';
import {
  FrontMatterError,
  parseFrontMatterDate,
  parseMarkdownArticle,
  readFrontMatterFields,
  titleFromFileName,
} from './front-matter.js';
import type { ParsedMarkdown } from './front-matter.js';
import { FolderImportMessages as F, ServerMessages } from './messages/index.js';
import { tagsAreWellFormed } from './tags.js';

export interface ParseNote {
  kind: 'bad-tag' | 'bad-date' | 'front-matter' | 'categories-as-tags';
  message: string;
}

/** What the front matter says of the post's addresses on the old site; '' or [] when silent. */
export interface SiteAddressFields {
  slug: string;
  /** Hugo's `url`: the whole address, replacing the permalink pattern. */
  url: string;
  /** Jekyll's and Hexo's `permalink`: the post's own pattern or address. */
  permalink: string;
  /** Hugo's `aliases`: more addresses that showed the post. */
  aliases: string[];
}

export interface ImportParse {
  parsed: ParsedMarkdown;
  notes: ParseNote[];
  frontMatterBroken: boolean;
  address: SiteAddressFields;
}

const DATED_FILE_NAME = /^(\d{4}-\d{2}-\d{2})-(.+)$/;
const FENCE_LINE = /^\s{0,3}(```|~~~)/;
const MORE_MARK = /<!--\s*more\s*-->/i;

/** Title and date from a file name; a Jekyll post's name starts with its date. */
export function fieldsFromFileName(relativePath: string): { title: string; date: string | undefined } {
  const base = titleFromFileName(relativePath);
  const dated = DATED_FILE_NAME.exec(base);
  const date = dated ? parseFrontMatterDate(dated[1]) : undefined;
  return date && dated?.[2] ? { title: dated[2].trim(), date } : { title: base, date: undefined };
}

function fromBodyOnly(error: FrontMatterError, relativePath: string): ParsedMarkdown {
  const { title, date } = fieldsFromFileName(relativePath);
  return {
    format: error.format,
    title,
    titleSource: 'none',
    content: error.body.trim(),
    category: '',
    otherCategories: [],
    tags: [],
    summary: '',
    cover: '',
    date,
    updated: undefined,
    draft: false,
    warnings: [],
  };
}

/** The other categories as tags (each well-formed one once), with the notes saying so. */
function categoriesAsTags(parsed: ParsedMarkdown, notes: ParseNote[]): string[] {
  const tags = [...parsed.tags];
  const moved: string[] = [];
  for (const category of parsed.otherCategories) {
    if (!tagsAreWellFormed(category)) {
      notes.push({ kind: 'bad-tag', message: ServerMessages.mdTagDropped(category) });
      continue;
    }
    moved.push(category);
    if (!tags.includes(category)) tags.push(category);
  }
  if (moved.length > 0) notes.push({ kind: 'categories-as-tags', message: F.categoriesAsTags(moved.join('、')) });
  return tags;
}

/** The body split at its first `<!-- more -->` outside code fences, the mark removed. */
export function splitAtMoreMark(body: string): { before: string; content: string } | undefined {
  const lines = body.split('\n');
  let inFence = false;
  for (const [index, line] of lines.entries()) {
    if (FENCE_LINE.test(line)) inFence = !inFence;
    const mark = inFence ? null : MORE_MARK.exec(line);
    if (!mark) continue;
    const head = line.slice(0, mark.index).trimEnd();
    const tail = line.slice(mark.index + mark[0].length).trim();
    const before = [...lines.slice(0, index), head].join('\n').trim();
    const after = [tail, ...lines.slice(index + 1)].join('\n').trim();
    return { before, content: [before, after].filter(Boolean).join('\n\n') };
  }
  return undefined;
}

/**
 * Markdown as the plain text a summary holds: code, images, HTML and markup left out, link text
 * kept, one paragraph a line, cut to the summary's limit (`LIMITS.articleSummary`).
 */
export function markdownAsPlainText(markdown: string): string {
  const text = markdown
    .replace(/^[ \t]{0,3}(```|~~~)[^\n]*\n[\s\S]*?^[ \t]{0,3}\1[^\n]*$/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>\n]+>/g, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^[ \t]{0,3}\[[^\]]+\]:\s.*$/gm, '')
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^[ \t]{0,3}(>[ \t]?)+/gm, '')
    .replace(/^[ \t]*([-*+]|\d+[.)])[ \t]+/gm, '')
    .replace(/(\*\*|__|~~|`)/g, '')
    .replace(/(^|\s)[*_](\S(?:[^*_\n]*\S)?)[*_](?=\s|$|[.,;:!?，。！？])/g, '$1$2');
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
  const joined = paragraphs.join('\n');
  const limit = LIMITS.articleSummary;
  return [...joined].length <= limit ? joined : `${[...joined].slice(0, limit - 1).join('')}…`;
}

const asText = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function addressFieldsOf(text: string): SiteAddressFields {
  const fields = readFrontMatterFields(text);
  const aliases = Array.isArray(fields.aliases) ? fields.aliases : [fields.aliases];
  return {
    slug: asText(fields.slug),
    url: asText(fields.url),
    permalink: asText(fields.permalink),
    aliases: aliases.map(asText).filter(Boolean),
  };
}

/** The body without its `<!-- more -->` mark, and the summary it gives when none is written. */
function withMoreMark(parsed: ParsedMarkdown): ParsedMarkdown {
  const split = splitAtMoreMark(parsed.content);
  if (!split) return parsed;
  return { ...parsed, content: split.content, summary: parsed.summary || markdownAsPlainText(split.before) };
}

export function parseForImport(text: string, relativePath: string): ImportParse {
  let parsed: ParsedMarkdown;
  try {
    parsed = parseMarkdownArticle(text);
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    return {
      parsed: withMoreMark(fromBodyOnly(error, relativePath)),
      notes: [{ kind: 'front-matter', message: F.frontMatterBroken }],
      frontMatterBroken: true,
      address: { slug: '', url: '', permalink: '', aliases: [] },
    };
  }
  const notes: ParseNote[] = parsed.warnings.map((warning) => ({
    kind: warning.kind === 'tag' ? 'bad-tag' : 'bad-date',
    message: warning.message,
  }));
  const tags = categoriesAsTags(parsed, notes);
  const fromName = fieldsFromFileName(relativePath);
  // A date the front matter wrote but that was dropped as invalid is not replaced silently.
  const dateDropped = parsed.warnings.some((warning) => warning.kind === 'date');
  return {
    parsed: withMoreMark({
      ...parsed,
      title: parsed.title || fromName.title,
      date: parsed.date ?? (dateDropped ? undefined : fromName.date),
      tags,
    }),
    notes,
    frontMatterBroken: false,
    address: addressFieldsOf(text),
  };
}
