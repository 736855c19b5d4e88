/**
 * The local images a Markdown file points at, judged before anything is uploaded, so the
 * preview and the import agree on every link: found, missing, or a file the server would refuse.
 *
 * API:
 * - `judgeImage(target, markdownFile, root): Promise<JudgedImage>` — `kind` is 'web' (a web
 *   address or `data:`, left alone), 'ok' (with `file`), 'missing', 'unsupported' (not JPEG,
 *   PNG, GIF or WebP by its magic bytes, an SVG say) or 'too-large' (over 5 MB). A site-root
 *   link (`/images/a.png`, as Hexo and Hugo write them) is looked for in the chosen folder
 *   `root` first, then as an absolute path on this disk; `rootRelative` says it was one.
 * - `imageProblem(target, judged)` — the Chinese problem for a judged image, or undefined when fine.
 * - `imageExtensionOf(head)` — `jpg`, `png`, `gif` or `webp` by the magic bytes; undefined otherwise.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FolderImportMessages as F, DesktopMessages as D, LIMITS } from '@folio/shared';
import { localImagePath } from './image-links.js';

export type ImageVerdict = 'web' | 'ok' | 'missing' | 'unsupported' | 'too-large';

export interface JudgedImage {
  kind: ImageVerdict;
  /** The local file the link means (the first place looked at when it is missing). */
  file?: string;
  rootRelative: boolean;
}

export type ImageExtension = 'jpg' | 'png' | 'gif' | 'webp';

/** The image types the server accepts (server/API.md §E3), by their first bytes, with the extension each is stored under. */
const MAGIC: readonly { extension: ImageExtension; matches: (head: Buffer) => boolean }[] = [
  { extension: 'jpg', matches: (head) => head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) },
  {
    extension: 'png',
    matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { extension: 'gif', matches: (head) => /^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1')) },
  {
    extension: 'webp',
    matches: (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The extension of an image the server would accept, judged by its first 12 bytes; undefined for any other file. */
export function imageExtensionOf(head: Uint8Array): ImageExtension | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return MAGIC.find((type) => type.matches(bytes))?.extension;
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A site-root path: `/images/a.png`, not `//cdn…`, `C:\…` or `file://…`. */
function isRootRelative(target: string): boolean {
  return target.startsWith('/') && !target.startsWith('//');
}

async function judgeFile(file: string): Promise<ImageVerdict> {
  const info = await fs.stat(file).catch(() => undefined);
  if (!info?.isFile()) return 'missing';
  if (info.size > LIMITS.imageBytes) return 'too-large';
  const head = await readHead(file).catch(() => undefined);
  if (!head) return 'missing';
  return imageExtensionOf(head) ? 'ok' : 'unsupported';
}

export async function judgeImage(target: string, markdownFile: string, root: string): Promise<JudgedImage> {
  const local = localImagePath(target, markdownFile);
  if (!local) return { kind: 'web', rootRelative: false };
  const rootRelative = isRootRelative(target);
  // The chosen folder stands for the site root; an absolute path that exists on disk is kept too.
  const places = rootRelative ? [path.join(root, local), local] : [local];
  for (const file of places) {
    const kind = await judgeFile(file);
    if (kind !== 'missing') return { kind, file, rootRelative };
  }
  return { kind: 'missing', file: places[0], rootRelative };
}

export function imageProblem(target: string, judged: JudgedImage): string | undefined {
  switch (judged.kind) {
    case 'missing':
      return judged.rootRelative ? F.rootImageMissing(target) : D.importImageMissing(target);
    case 'unsupported':
      return F.imageUnsupported(target);
    case 'too-large':
      return F.imageTooLarge(target);
    default:
      return undefined;
  }
}
