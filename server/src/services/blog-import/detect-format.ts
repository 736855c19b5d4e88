import type { BlogImportFormat } from '@folio/shared';
import type { BlogImportSteps } from './import-steps.js';

/**
 * The format of an import file by its first bytes, never its name (server/API.md §E21). Each
 * registered reader is asked first; a format without a reader is still recognised, so that the
 * owner is told it cannot be imported yet rather than that the file is not a blog.
 */
export function detectFormat(head: Buffer, steps: BlogImportSteps): BlogImportFormat | null {
  for (const [format, reader] of Object.entries(steps.readers) as Array<
    [BlogImportFormat, BlogImportSteps['readers'][BlogImportFormat]]
  >) {
    if (reader?.looksLike(head)) return format;
  }
  return sniffFormat(head);
}

/** A zip's local file header, which every zip (even an empty one has its end record instead) starts with. */
const ZIP_SIGNATURES = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];

/** The three formats by their marks: WXR's namespace, Ghost's `db`/`meta` export, the zip signature. */
export function sniffFormat(head: Buffer): BlogImportFormat | null {
  if (ZIP_SIGNATURES.some((signature) => head.subarray(0, 4).equals(signature))) return 'static-site';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('<') && /xmlns:wp="https?:\/\/wordpress\.org\/export\//.test(text)) return 'wordpress';
  if (text.startsWith('{') && /"(?:db|meta)"\s*:/.test(text) && /"(?:exported_on|posts|schema_version|version)"\s*:/.test(text))
    return 'ghost';
  return null;
}
