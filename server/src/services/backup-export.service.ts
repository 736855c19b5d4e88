import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ServerMessages as M } from '@folio/shared';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  presentBackupArticle,
  presentBackupAvatar,
  presentBackupComment,
  presentBackupContact,
  presentBackupSiteBlock,
  presentBackupSkill,
} from '../presenters/backup.presenter.js';
import type { BackupFileEntry, BackupHead } from '../presenters/backup.presenter.js';
import { isoNow } from '../store/clock.js';
import { bySortOrder } from '../store/skills-and-contacts.repository.js';
import type { BackupRepository } from '../store/backup.repository.js';
import type { UploadsRepository } from '../store/uploads.repository.js';
import { uploadsShownBy } from './article-images.js';
import { cleanIfNeeded } from './image-cleaning.js';
import { detectImageType } from './images.js';

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** Bytes of a file turned into base64 at a time: a multiple of 3, so the pieces need no padding. */
const BASE64_PIECE_BYTES = 48 * 1024;

/** A consistent snapshot of every live item, and the uploads live avatars and articles (covers and bodies) show. */
export function snapshotBackup(backups: BackupRepository): { head: BackupHead; filenames: string[] } {
  const records = backups.liveRecords();
  const liveArticles = [...records.articles].sort((a, b) => byId(a.record, b.record));
  const avatars = [...records.avatars].sort(bySortOrder);
  const head: BackupHead = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: isoNow(),
    site_blocks: [...records.siteBlocks]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(presentBackupSiteBlock),
    skills: [...records.skills].sort(bySortOrder).map(presentBackupSkill),
    contacts: [...records.contacts].sort(bySortOrder).map(presentBackupContact),
    avatars: avatars.map(presentBackupAvatar),
    articles: liveArticles.map(({ record, content, views }) => presentBackupArticle(record, content, views)),
    comments: [...records.comments].sort(byId).map(presentBackupComment),
    comment_settings: records.commentSettings,
    redirects: records.redirects,
    reader_stats: records.readerStats,
    subscribers: records.subscribers,
  };
  // A file several articles show travels once; binned articles and the history are not exported, nor their images.
  const filenames = new Set<string>(avatars.map((avatar) => avatar.filename));
  for (const { record, content } of liveArticles) {
    for (const filename of uploadsShownBy(record.cover, content)) filenames.add(filename);
  }
  return { head, filenames: [...filenames].sort() };
}

/**
 * The export response (server/API.md §14) as a stream of JSON text: the records first, then `data.files`
 * one upload at a time, so only one image is ever held in memory. A file that is missing (or
 * deleted meanwhile) is left out, and so is one that is not a JPEG, PNG, GIF or WebP (say a BMP
 * copied over from an old deployment), which import would refuse: a backup we write must be
 * one we can read. The import then warns about the file instead of failing.
 */
export function backupExportChunks(backups: BackupRepository, uploads: UploadsRepository): AsyncGenerator<string> {
  return exportChunksOf(snapshotBackup(backups), (filename) => uploads.read(filename));
}

/**
 * {@link backupExportChunks} of a snapshot taken already, its files read through `read`: a
 * scheduled backup (server/API.md §E22) holds the files of its moment and reads those.
 */
export async function* exportChunksOf(
  { head, filenames }: ReturnType<typeof snapshotBackup>,
  read: (filename: string) => Promise<Buffer | undefined>,
): AsyncGenerator<string> {
  const { articles, comments, ...rest } = head;
  const envelopeStart = JSON.stringify({ code: 0, msg: M.exported, data: rest });
  // Re-open the `data` object (drop its closing `}}`) to append the articles and comments one at
  // a time (their text is most of a site: never one string), then `files` as a stream.
  yield `${envelopeStart.slice(0, -2)},"articles":[`;
  for (const [index, article] of articles.entries()) yield `${index === 0 ? '' : ','}${JSON.stringify(article)}`;
  yield '],"comments":[';
  for (const [index, comment] of comments.entries()) yield `${index === 0 ? '' : ','}${JSON.stringify(comment)}`;
  yield '],"files":{';
  let first = true;
  for (const filename of filenames) {
    const stored = await read(filename);
    const type = stored && (await detectImageType(stored));
    if (!stored || !type) continue;
    // An upload the background catch-up has not cleaned yet (server/API.md §E11.1) is cleaned
    // for the backup here, so no backup carries its EXIF (GPS) however soon it is made. One that
    // does not decode cannot be cleaned: it is left out like any file import would refuse.
    const bytes = await cleanIfNeeded(stored, type.extension).catch(() => undefined);
    if (!bytes) continue;
    const entry: Omit<BackupFileEntry, 'base64'> = {
      content_type: type.mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
    // The entry as JSON.stringify would write it, its base64 in pieces (whole groups of three
    // bytes, so they join into the one string): a photo is never a second, larger string at once.
    yield `${first ? '' : ','}${JSON.stringify(filename)}:${JSON.stringify(entry).slice(0, -1)},"base64":"`;
    for (let offset = 0; offset < bytes.length; offset += BASE64_PIECE_BYTES)
      yield bytes.subarray(offset, offset + BASE64_PIECE_BYTES).toString('base64');
    yield '"}';
    first = false;
  }
  yield '}}}';
}

/** The site export of server/API.md §14. */
export class BackupExportService {
  constructor(
    private readonly backups: BackupRepository,
    private readonly uploads: UploadsRepository,
  ) {}

  /** The whole export response as a JSON text stream (see {@link backupExportChunks}). */
  stream(): Readable {
    return Readable.from(backupExportChunks(this.backups, this.uploads), { objectMode: false });
  }
}
