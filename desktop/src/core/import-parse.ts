/**
 * A Markdown text read the way the folder import reads it, on top of the shared front matter
 * rule (`@folio/shared/front-matter`), so the preview and the import cannot disagree:
 * - unreadable front matter does not stop the file: the body after it is kept, the title and
 *   date come from the file name (Jekyll's `2024-01-15-title.md`), with a visible note;
 * - `categories: [游记, 高原]`: the first is the category, the others become tags (an article
 *   has one category), with a note, so none is silently dropped.
 *
 * API: `parseForImport(text, relativePath): { parsed, notes, frontMatterBroken }` — `parsed.title`
 * is never empty (the file name stands in); `notes` are the problems to show (never blocking).
 */
import { FolderImportMessages as F, ServerMessages, tagsAreWellFormed } from '@folio/shared';
import { FrontMatterError, parseFrontMatterDate, parseMarkdownArticle, titleFromFileName } from '@folio/shared/front-matter';
import type { ParsedMarkdown } from '@folio/shared/front-matter';

export interface ParseNote {
  kind: 'bad-tag' | 'bad-date' | 'front-matter' | 'categories-as-tags';
  message: string;
}

export interface ImportParse {
  parsed: ParsedMarkdown;
  notes: ParseNote[];
  frontMatterBroken: boolean;
}

const DATED_FILE_NAME = /^(\d{4}-\d{2}-\d{2})-(.+)$/;

/** Title and date from a file name; a Jekyll post's name starts with its date. */
function fieldsFromFileName(relativePath: string): { title: string; date: string | undefined } {
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

export function parseForImport(text: string, relativePath: string): ImportParse {
  let parsed: ParsedMarkdown;
  try {
    parsed = parseMarkdownArticle(text);
  } catch (error) {
    if (!(error instanceof FrontMatterError)) throw error;
    return {
      parsed: fromBodyOnly(error, relativePath),
      notes: [{ kind: 'front-matter', message: F.frontMatterBroken }],
      frontMatterBroken: true,
    };
  }
  const notes: ParseNote[] = parsed.warnings.map((warning) => ({
    kind: warning.kind === 'tag' ? 'bad-tag' : 'bad-date',
    message: warning.message,
  }));
  const tags = categoriesAsTags(parsed, notes);
  return {
    parsed: { ...parsed, title: parsed.title || titleFromFileName(relativePath), tags },
    notes,
    frontMatterBroken: false,
  };
}
