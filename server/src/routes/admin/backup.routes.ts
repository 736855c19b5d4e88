import type { Router } from '@koa/router';
import { AdminRealtimeEvents, LIMITS, RealtimeEvents, ServerMessages as M } from '@folio/shared';
import type { BackupImportSummary } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import type { Broadcaster } from '../../realtime.js';
import { jsonBody } from '../../http/body.js';
import { sendOk } from '../../http/envelope.js';
import type { BackupSection } from '../../services/backup-import.schema.js';
import {
  ARCHIVE_CONTENT_TYPES,
  PASSPHRASE_HEADER,
  passphraseOf,
  readUploadedArchive,
} from '../../services/backups/uploaded-archive.js';

/** One event per imported section (server/API.md §13); article and comment hints are empty after an import. */
export function announceImport(realtime: Broadcaster, sections: readonly BackupSection[]): void {
  const events: Record<BackupSection, () => void> = {
    site_blocks: () => realtime.emit(RealtimeEvents.siteBlocks),
    skills: () => realtime.emit(RealtimeEvents.skills),
    contacts: () => realtime.emit(RealtimeEvents.contacts),
    avatars: () => realtime.emit(RealtimeEvents.avatars),
    articles: () => realtime.emit(RealtimeEvents.articles, { ids: [] }),
    comments: () => {
      realtime.emit(RealtimeEvents.comments, { article_id: null });
      // The owner's unread and held counts change with the comments an import brings.
      realtime.emitToAdmins(AdminRealtimeEvents.commentsChanged, {});
    },
  };
  for (const section of sections) events[section]();
}

/** Export and import of the whole site (server/API.md §14 and §15). */
export function registerBackupRoutes(router: Router, { services, realtime, requireAdmin }: AppContext): void {
  const importer = services.backupImport;
  const parseImportBody = jsonBody(LIMITS.importBodyBytes, M.importJsonRequired);

  router.get('/api/admin/export', requireAdmin, (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = services.backupExport.stream();
  });

  router.post('/api/admin/import', requireAdmin, async (ctx) => {
    const result = await importer.exclusively(async () => {
      // A backup archive as stored (server/API.md §E22), gzip or age, is read into the same JSON,
      // and restored after a safety backup of the site as it is, like a stored backup.
      if (ctx.is(ARCHIVE_CONTENT_TYPES)) {
        const passphrase = passphraseOf(ctx.get(PASSPHRASE_HEADER) || undefined);
        return services.backups.restoreUploaded(await readUploadedArchive(ctx.req, LIMITS.importBodyBytes, passphrase));
      }
      await parseImportBody(ctx, async () => {});
      return importer.import(ctx.request.body);
    });
    // Pre-build search entries for the new bodies so the first visitor does not pay for them.
    if (result.sections.includes('articles')) void services.articles.warmSearch();
    announceImport(realtime, result.sections);
    // Restored images get their metadata stripped and their page sizes in the background (server/API.md §E11).
    void services.imageSizes.catchUp();
    const summary: BackupImportSummary = { format: result.format, counts: result.counts, warnings: result.warnings };
    sendOk(ctx, summary, { msg: M.imported });
  });
}
