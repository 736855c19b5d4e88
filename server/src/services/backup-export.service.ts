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
import { bySortOrder } from '../store/ordered.repository.js';
import type { Store } from '../store/store.js';
import { UploadsRepository, uploadFilenameOfPath } from '../store/uploads.repository.js';
import { detectImageType } from './images.js';

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/** A consistent snapshot of every live item, and the uploads that live avatars and covers use. */
export function snapshotBackup(store: Store): { head: BackupHead; filenames: string[] } {
  const state = store.state;
  const liveArticles = state.articles.items.filter((article) => article.deleted_at === null).sort(byId);
  const liveIds = new Set(liveArticles.map((article) => article.id));
  const avatars = [...state.avatars.items].sort(bySortOrder);
  const head: BackupHead = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: isoNow(),
    site_blocks: [...state.siteBlocks.items]
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(presentBackupSiteBlock),
    skills: [...state.skills.items].sort(bySortOrder).map(presentBackupSkill),
    contacts: [...state.contacts.items].sort(bySortOrder).map(presentBackupContact),
    avatars: avatars.map(presentBackupAvatar),
    articles: liveArticles.map((article) =>
      presentBackupArticle(article, store.bodies.get(article.id) ?? '', state.articleViews[String(article.id)] ?? 0),
    ),
    comments: state.comments
      .all()
      .filter((comment) => liveIds.has(comment.article_id))
      .sort(byId)
      .map(presentBackupComment),
  };
  const filenames = new Set<string>(avatars.map((avatar) => avatar.filename));
  for (const article of liveArticles) {
    const filename = uploadFilenameOfPath(article.cover);
    if (filename) filenames.add(filename);
  }
  return { head, filenames: [...filenames].sort() };
}

/**
 * The export response (API 14) as a stream of JSON text: the records first, then `data.files`
 * one upload at a time, so only one image is ever held in memory. A file that is missing (or
 * deleted meanwhile) is left out, and so is one that is not a JPEG, PNG, GIF or WebP (say a BMP
 * copied over from an old deployment), which import would refuse: a backup we write must be
 * one we can read. The import then warns about the file instead of failing.
 */
export async function* backupExportChunks(store: Store): AsyncGenerator<string> {
  const { head, filenames } = snapshotBackup(store);
  const uploads = new UploadsRepository(store);
  const envelopeStart = JSON.stringify({ code: 0, msg: M.exported, data: head });
  // Re-open the `data` object (drop its closing `}}`) to append `files` as a stream.
  yield `${envelopeStart.slice(0, -2)},"files":{`;
  let first = true;
  for (const filename of filenames) {
    const bytes = await uploads.read(filename);
    const type = bytes && (await detectImageType(bytes));
    if (!bytes || !type) continue;
    const entry: BackupFileEntry = {
      content_type: type.mime,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      base64: bytes.toString('base64'),
    };
    yield `${first ? '' : ','}${JSON.stringify(filename)}:${JSON.stringify(entry)}`;
    first = false;
  }
  yield '}}}';
}

/** The site export of API 14. */
export class BackupExportService {
  constructor(private readonly store: Store) {}

  /** The whole export response as a JSON text stream (see {@link backupExportChunks}). */
  stream(): Readable {
    return Readable.from(backupExportChunks(this.store), { objectMode: false });
  }
}
