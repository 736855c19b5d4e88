import { createHash } from 'node:crypto';
import { FILENAME_PATTERN, ImportFieldMessages as F, LIMITS } from '@folio/shared';
import type { FieldError } from '@folio/shared';
import { detectImageType } from './images.js';
import type { ParsedBackup } from './backup-import.schema.js';

/** A `files` entry that passed every check, ready to be written to the upload folder. */
export interface DecodedFile {
  filename: string;
  bytes: Buffer;
}

/** What the checks after the schema found: any error rejects the import. */
export interface CheckReport {
  errors: FieldError[];
  files: DecodedFile[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function findDuplicates<T>(
  items: readonly T[] | undefined,
  key: (item: T) => unknown,
  field: (index: number) => string,
  errors: FieldError[],
): void {
  const seen = new Set<unknown>();
  items?.forEach((item, index) => {
    const value = key(item);
    if (seen.has(value)) errors.push({ field: field(index), msg: F.duplicate });
    seen.add(value);
  });
}

/**
 * Checks the tag limits. The character rule of 9.1 is not applied: it guards the admin's
 * edits, while a backup must restore what the site held (the original server accepted any
 * text, and tags like `Node.js` or `C++` are common), and clients render tags as plain text.
 */
function checkTags(parsed: ParsedBackup, errors: FieldError[]): void {
  parsed.articles?.forEach((article, index) => {
    const field = `articles[${index}].tags`;
    const { tags } = article;
    if (tags.length > LIMITS.articleTags) errors.push({ field, msg: F.tooManyTags(LIMITS.articleTags) });
    else if (tags.some((tag) => tag.length > LIMITS.articleTagLength))
      errors.push({ field, msg: F.tooLong(LIMITS.articleTagLength) });
    else if (tags.join(',').length > LIMITS.articleTagsJoined) errors.push({ field, msg: F.tooLong(LIMITS.articleTagsJoined) });
  });
}

/** File name endings each stored image type may have. */
const EXTENSIONS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
};

/**
 * Why a backup file may not be restored under its name, or undefined when it may: it must be an
 * image, and its name must end in that image's extension. The upload folder is served to
 * everyone, so `secrets.json` holding a PNG must not appear there as a file with that name.
 */
async function imageNameProblem(filename: string, bytes: Uint8Array): Promise<string | undefined> {
  const type = await detectImageType(bytes);
  if (!type) return F.notImage;
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (!Object.values(EXTENSIONS_BY_TYPE).flat().includes(extension)) return F.imageNameRequired;
  if (!(EXTENSIONS_BY_TYPE[type.extension] ?? []).includes(extension)) return F.extensionMismatch(type.extension);
  return undefined;
}

/** Decodes each embedded file and checks its name, size, hash and magic bytes (server/API.md §15, `files`). */
async function checkFiles(parsed: ParsedBackup, report: CheckReport): Promise<void> {
  for (const [filename, entry] of Object.entries(parsed.files ?? {})) {
    const field = `files.${filename}`;
    if (!FILENAME_PATTERN.test(filename)) {
      report.errors.push({ field, msg: F.filenameInvalid });
      continue;
    }
    const base64 = entry.base64.replace(/\s+/g, '');
    if (base64.length % 4 !== 0 || !BASE64.test(base64)) {
      report.errors.push({ field: `${field}.base64`, msg: F.base64Invalid });
      continue;
    }
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length !== entry.size) report.errors.push({ field: `${field}.size`, msg: F.sizeMismatch });
    else if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256.toLowerCase())
      report.errors.push({ field: `${field}.sha256`, msg: F.sha256Mismatch });
    else {
      const problem = await imageNameProblem(filename, bytes);
      if (problem) report.errors.push({ field, msg: problem });
      else report.files.push({ filename, bytes });
    }
  }
}

/**
 * The checks the schema cannot make on one item alone: duplicate keys, comments on unknown
 * articles, tag limits after dropping bad tags, and the embedded files.
 */
export async function checkBackup(parsed: ParsedBackup, articleExists: (id: number) => boolean): Promise<CheckReport> {
  const report: CheckReport = { errors: [], files: [] };
  const { errors } = report;
  findDuplicates(
    parsed.site_blocks,
    (block) => block.name,
    (i) => `site_blocks[${i}].name`,
    errors,
  );
  findDuplicates(
    parsed.skills,
    (skill) => skill.id,
    (i) => `skills[${i}].id`,
    errors,
  );
  findDuplicates(
    parsed.contacts,
    (contact) => contact.id,
    (i) => `contacts[${i}].id`,
    errors,
  );
  findDuplicates(
    parsed.avatars,
    (avatar) => avatar.id,
    (i) => `avatars[${i}].id`,
    errors,
  );
  findDuplicates(
    parsed.articles,
    (article) => article.id,
    (i) => `articles[${i}].id`,
    errors,
  );
  findDuplicates(
    parsed.comments,
    (comment) => comment.id,
    (i) => `comments[${i}].id`,
    errors,
  );

  const importedArticles = new Set(parsed.articles?.map((article) => article.id));
  parsed.comments?.forEach((comment, index) => {
    if (!importedArticles.has(comment.article_id) && !articleExists(comment.article_id)) {
      errors.push({ field: `comments[${index}].article_id`, msg: F.articleMissing });
    }
  });
  checkTags(parsed, errors);
  await checkFiles(parsed, report);
  return report;
}
