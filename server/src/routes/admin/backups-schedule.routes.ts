import type { Router } from '@koa/router';
import { BackupMessages as M, LIMITS, backupRestoreSchema, backupSettingsUpdateSchema } from '@folio/shared';
import type { BackupImportSummary } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../errors.js';
import { jsonBody } from '../../http/body.js';
import { sendOk } from '../../http/envelope.js';
import { parseBody, queryString } from '../../http/validate.js';
import { announceImport } from './backup.routes.js';

/** Scheduled backups (server/API.md §E22): settings, runs, a target's listing and a restore from it. */
export function registerBackupScheduleRoutes(router: Router, context: AppContext): void {
  const { services, requireAdmin, realtime } = context;
  const backups = services.backups;

  router.get('/api/admin/settings/backups', requireAdmin, (ctx) => {
    sendOk(ctx, backups.settings());
  });

  router.put('/api/admin/settings/backups', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const update = parseBody(backupSettingsUpdateSchema, ctx.request.body);
    sendOk(ctx, await backups.saveSettings(update), { msg: M.settingsSaved });
  });

  router.get('/api/admin/backups', requireAdmin, (ctx) => {
    sendOk(ctx, backups.runs());
  });

  router.get('/api/admin/backups/status', requireAdmin, (ctx) => {
    sendOk(ctx, backups.status());
  });

  router.get('/api/admin/backups/remote', requireAdmin, async (ctx) => {
    const target = queryString(ctx, 'target');
    if (!target) throw badRequest(M.targetRequired);
    sendOk(ctx, await backups.remote(target));
  });

  // The desktop's copy at home (server/API.md §E22): the bytes as stored, checked there against the run's sha256.
  router.get('/api/admin/backups/download', requireAdmin, async (ctx) => {
    const target = queryString(ctx, 'target');
    const name = queryString(ctx, 'name');
    if (!target) throw badRequest(M.targetRequired);
    if (!name) throw badRequest(M.nameInvalid);
    const stream = await backups.download(target, name);
    ctx.set('Content-Type', 'application/octet-stream');
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = stream;
  });

  router.post('/api/admin/backups/run', requireAdmin, (ctx) => {
    sendOk(ctx, backups.startManual(), { status: 202, msg: M.runStarted });
  });

  router.post('/api/admin/backups/restore', requireAdmin, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const request = parseBody(backupRestoreSchema, ctx.request.body);
    const result = await backups.restore(request);
    // What the import route does after an import (server/API.md §15): search, events, page sizes.
    if (result.sections.includes('articles')) void services.articles.warmSearch();
    announceImport(realtime, result.sections);
    void services.imageSizes.catchUp();
    const summary: BackupImportSummary = { format: result.format, counts: result.counts, warnings: result.warnings };
    sendOk(ctx, summary, { msg: M.restored });
  });
}
