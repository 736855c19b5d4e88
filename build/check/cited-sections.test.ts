import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SectionIndex,
  describeProblems,
  findBrokenCitations,
  findCitations,
  findForbiddenForms,
  findSections,
  listCheckedFiles,
} from './cited-sections.js';
import type { CitationProblem } from './cited-sections.js';

const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** This check and its test spell out the forms they forbid, as examples. */
const SELF = new Set(['build/check/cited-sections.ts', 'build/check/cited-sections.test.ts']);

describe('finding sections in a document', () => {
  it('finds numbered headings with or without §, and ignores unnumbered ones and code blocks', () => {
    const markdown = [
      '# Folio API',
      '## 1. Conventions',
      '### 1.5 Limits',
      '## 3.5 Delete an article',
      '### §3.5.1 Soft delete',
      '## §E1 Article revisions',
      '## Data directory',
      '```sh',
      '# 9 is a comment in a shell example',
      '```',
      '## 2024 was a year',
    ].join('\n');
    expect(findSections(markdown)).toEqual(['1', '1.5', '3.5', '3.5.1', 'E1', '2024']);
  });

  it('does not take a number that only starts a word for a section', () => {
    expect(findSections('## 3D drawings\n## E1x\n## 12th of May')).toEqual([]);
  });
});

describe('finding citations in source text', () => {
  it('reads the file and every section of a list', () => {
    const text = [
      '/** The order of every list (server/API.md §8.1). */',
      '// Screens: docs/spec.md §2, §4 and §5; see also server/API.md §E1 or §E5.',
    ].join('\n');
    expect(findCitations(text)).toEqual([
      { file: 'server/API.md', sections: ['8.1'], line: 1 },
      { file: 'docs/spec.md', sections: ['2', '4', '5'], line: 2 },
      { file: 'server/API.md', sections: ['E1', 'E5'], line: 2 },
    ]);
  });

  it('ends a section at the sentence that follows it', () => {
    expect(findCitations('as docs/spec.md §4. Then more.')).toEqual([{ file: 'docs/spec.md', sections: ['4'], line: 1 }]);
  });
});

describe('forbidden citation forms', () => {
  const lines = (text: string) => findForbiddenForms(text).map((problem) => `${problem.line} ${problem.kind}`);

  it('flags the forms that pointed outside the repository or at issue numbers', () => {
    const text = [
      '/** Validates (SPEC 5) */',
      '// SPEC sections 2, 4 and 8',
      '// from spec section 9',
      '// the envelope of API.md 1.2',
      '// Realtime events of API.md section 13.',
      '// The JSON shapes of API.md as the clients see them.',
      '// CORS (API 1.7)',
      '// Comments of API section 11',
      '// (issue 11)',
      "// Issue 12's budget",
      '// server/API.md section 5',
    ].join('\n');
    expect(lines(text)).toEqual(Array.from({ length: 11 }, (_, index) => `${index + 1} old-form`));
  });

  it('flags a sectioned document cited without a section', () => {
    expect(lines('// honoured on create only (server/API.md)\n// see docs/spec.md for screens')).toEqual([
      '1 no-section',
      '2 no-section',
    ]);
  });

  it('accepts the agreed form and ordinary words', () => {
    const text = [
      '/** CORS of server/API.md §1.7; docs/spec.md §2.5 and §4.6. */',
      "test('layout-shift.spec.ts', () => {}); // the spec's message, an API call, 3 issues",
      'const api = createApiClient(); // INSPECT_SPEC_ID stays',
    ].join('\n');
    expect(findForbiddenForms(text)).toEqual([]);
  });
});

describe('citations that point nowhere', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'folio-citations-'));
    await mkdir(path.join(root, 'docs'), { recursive: true });
    await writeFile(path.join(root, 'docs/spec.md'), '# Spec\n## §1 One\n### §1.1 Detail\n## §2 Two\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('reports a missing file and a missing section, and passes existing ones', async () => {
    const text = '// docs/spec.md §1.1 and §3\n// docs/gone.md §1\n// docs/spec.md §2';
    const problems = await findBrokenCitations(text, new SectionIndex(root));
    expect(problems.map(({ line, kind, text: cited }) => ({ line, kind, cited }))).toEqual([
      { line: 1, kind: 'missing-section', cited: 'docs/spec.md §3' },
      { line: 2, kind: 'missing-file', cited: 'docs/gone.md' },
    ]);
  });
});

describe('the repository', () => {
  let files: { sources: string[]; documents: string[] };
  const read = (file: string) => readFile(path.join(REPOSITORY_ROOT, file), 'utf8');

  beforeAll(async () => {
    files = await listCheckedFiles(REPOSITORY_ROOT);
  });

  it('scans the source, test and build files and the documents', () => {
    expect(files.sources).toEqual(expect.arrayContaining(['server/src/app.ts', 'eslint.config.js', 'vitest.config.ts']));
    expect(files.documents).toEqual(expect.arrayContaining(['README.md', 'docs/spec.md', 'server/API.md']));
    expect(files.sources.some((file) => file.includes('node_modules/') || file.includes('/dist/'))).toBe(false);
  });

  it('cites only files and sections that exist (write `docs/spec.md §4`, `server/API.md §3.5`; see docs/README.md)', async () => {
    const index = new SectionIndex(REPOSITORY_ROOT);
    const problems: CitationProblem[] = [];
    for (const file of [...files.sources, ...files.documents]) {
      if (SELF.has(file)) continue;
      const found = await findBrokenCitations(await read(file), index);
      problems.push(...found.map((problem) => ({ ...problem, file })));
    }
    expect(describeProblems(problems)).toBe('');
  });

  it('uses no old citation form and no issue number (cite a section of docs/spec.md or server/API.md instead)', async () => {
    const problems: CitationProblem[] = [];
    for (const file of files.sources) {
      if (SELF.has(file)) continue;
      problems.push(...findForbiddenForms(await read(file)).map((problem) => ({ ...problem, file })));
    }
    expect(describeProblems(problems)).toBe('');
  });

  it('numbers each section of a cited document once', async () => {
    for (const file of ['docs/spec.md', 'server/API.md']) {
      const sections = findSections(await read(file));
      const repeated = sections.filter((section, position) => sections.indexOf(section) !== position);
      expect({ file, repeated }).toEqual({ file, repeated: [] });
    }
  });
});
