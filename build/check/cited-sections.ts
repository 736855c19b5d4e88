import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Keeps the code's citations openable: a comment that cites a document names a file in the
 * repository and a section that exists there (`docs/spec.md §4`, `server/API.md §3.5`), and
 * none of the older forms that pointed at documents outside the repository or at issue numbers
 * survives. The rules for writing a citation are in docs/README.md.
 */

/** A problem found in one file, with its 1-based line. */
export interface CitationProblem {
  file: string;
  line: number;
  kind: 'missing-file' | 'missing-section' | 'no-section' | 'old-form';
  text: string;
}

/** A section number as headings and citations write it: `4`, `3.5`, `E1`. */
const SECTION_ID = String.raw`[A-Z]?\d+(?:\.\d+)*`;
const HEADING = new RegExp(String.raw`^#{1,6}[ \t]+(?:§[ \t]?)?(${SECTION_ID})\.?(?=[ \t]|$)`);

/** A Markdown path followed by one or more `§` sections joined by commas, "and" or "or". */
const CITATION = new RegExp(
  String.raw`(?<![\w./-])([\w-]+(?:/[\w.-]+)*\.md)[ \t]*(§[ \t]?${SECTION_ID}(?:[ \t]*(?:,|\band\b|\bor\b)[ \t]*§[ \t]?${SECTION_ID})*)`,
  'g',
);
const SECTION_IN_LIST = new RegExp(String.raw`§[ \t]?(${SECTION_ID})`, 'g');

/** Documents that must be cited with a section: a bare file name says too little. */
const SECTIONED_DOCUMENT = /(?<![\w./-])((?:docs\/[\w.-]+(?:\/[\w.-]+)*|server\/API)\.md)(?![ \t]*§)/g;

/**
 * Forms that cited what a reader of the repository cannot open (the product specification and
 * the original HTTP contract, which live outside it) or an issue tracker's numbers.
 */
const OLD_FORMS: readonly RegExp[] = [
  /\bSPEC\b/,
  /\bspec(?:\.md)?\s+sections?\s+\d/i,
  /(?<!server\/)\bAPI\.md\b/,
  /\bAPI\.md\s+(?:sections?\s+)?\d/,
  /\bAPI\s+(?:sections?\s+)?\d/,
  /\bissues?[\s#-]*\d/i,
];

const SOURCE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs']);
/** Build output, dependencies, data and caches: nothing there is written by hand. */
const SKIPPED_DIRECTORIES = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'release',
  'coverage',
  'test-results',
  'bench-results',
  'data',
]);

/** The section numbers a Markdown document's headings start with. */
export function findSections(markdown: string): string[] {
  const sections: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    // A `#` line inside a code block is a comment of the example, not a heading.
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const match = fenced ? null : HEADING.exec(line);
    if (match?.[1]) sections.push(match[1]);
  }
  return sections;
}

export interface Citation {
  file: string;
  sections: string[];
  line: number;
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every `path.md §n` citation in a text, each with the sections it names. */
export function findCitations(text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((match) => ({
    file: match[1] ?? '',
    sections: [...(match[2] ?? '').matchAll(SECTION_IN_LIST)].map((section) => section[1] ?? ''),
    line: lineAt(text, match.index),
  }));
}

/** Old-form citations and section-less mentions of a sectioned document, line by line. */
export function findForbiddenForms(text: string): CitationProblem[] {
  const problems: CitationProblem[] = [];
  text.split('\n').forEach((content, index) => {
    if (OLD_FORMS.some((form) => form.test(content))) {
      problems.push({ file: '', line: index + 1, kind: 'old-form', text: content.trim() });
      return;
    }
    for (const mention of content.matchAll(SECTIONED_DOCUMENT)) {
      problems.push({ file: '', line: index + 1, kind: 'no-section', text: `${mention[1]} (no §section)` });
    }
  });
  return problems;
}

async function* walk(root: string, directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(path.join(root, directory), { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const relative = directory === '' ? entry.name : `${directory}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(root, relative);
    else if (entry.isFile()) yield relative;
  }
}

/** The repository's hand-written source files and Markdown documents, as root-relative paths. */
export async function listCheckedFiles(root: string): Promise<{ sources: string[]; documents: string[] }> {
  const sources: string[] = [];
  const documents: string[] = [];
  for await (const file of walk(root, '')) {
    const extension = path.extname(file);
    if (file.endsWith('.d.ts')) continue;
    if (SOURCE_EXTENSIONS.has(extension)) sources.push(file);
    else if (extension === '.md') documents.push(file);
  }
  return { sources: sources.sort(), documents: documents.sort() };
}

/** Reads a cited document's sections once per run. */
export class SectionIndex {
  private readonly cache = new Map<string, Promise<Set<string> | undefined>>();

  constructor(private readonly root: string) {}

  /** The document's sections, or undefined when the file does not exist. */
  sectionsOf(file: string): Promise<Set<string> | undefined> {
    let sections = this.cache.get(file);
    if (!sections) {
      sections = readFile(path.join(this.root, file), 'utf8').then(
        (text) => new Set(findSections(text)),
        () => undefined,
      );
      this.cache.set(file, sections);
    }
    return sections;
  }
}

/** Citations in a text whose file or section does not exist in the repository. */
export async function findBrokenCitations(text: string, index: SectionIndex): Promise<CitationProblem[]> {
  const problems: CitationProblem[] = [];
  for (const citation of findCitations(text)) {
    const sections = await index.sectionsOf(citation.file);
    if (!sections) {
      problems.push({ file: '', line: citation.line, kind: 'missing-file', text: citation.file });
      continue;
    }
    for (const section of citation.sections) {
      if (!sections.has(section)) {
        problems.push({ file: '', line: citation.line, kind: 'missing-section', text: `${citation.file} §${section}` });
      }
    }
  }
  return problems;
}

/** Formats problems one a line, `file:line kind: text`, for a failing test's message. */
export function describeProblems(problems: readonly CitationProblem[]): string {
  return problems.map((problem) => `${problem.file}:${problem.line} ${problem.kind}: ${problem.text}`).join('\n');
}
