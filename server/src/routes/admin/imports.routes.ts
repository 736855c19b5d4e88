import type { Context } from 'koa';
import type { Router } from '@koa/router';
import {
  AdminRealtimeEvents,
  BLOG_IMPORT_MAX_BYTES,
  BlogImportJobMessages as M,
  RealtimeEvents,
  blogImportOptionsSchema,
} from '@folio/shared';
import type { BlogImportOptions } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, validationFailed } from '../../errors.js';
import { multipartBody } from '../../http/body.js';
import { sendOk } from '../../http/envelope.js';
import { emitArticlesChanged } from './articles/articles.routes.js';
import { formField, uploadedFile } from '../uploads.routes.js';

/** The `options` text field: absent means none; not a JSON object, or a field broken, is a 400 naming it. */
function parseOptions(ctx: Context): BlogImportOptions {
  const raw = formField(ctx, 'options');
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(M.optionsNotJson);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw badRequest(M.optionsNotJson);
  const result = blogImportOptionsSchema.safeParse(value);
  if (!result.success) {
    throw validationFailed(
      result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'options', msg: issue.message })),
    );
  }
  return result.data;
}

/** Moving a blog in (server/API.md §E21): start a job with a file, follow it, cancel it. */
export function registerAdminImportRoutes(router: Router, context: AppContext): void {
  const { services, realtime, requireAdmin } = context;
  const importer = services.blogImport;
  importer.announceWith({
    progress: (job) => realtime.emitToAdmins(AdminRealtimeEvents.importProgress, job),
    applied: ({ articleIds, commentArticleIds }) => {
      emitArticlesChanged(context, articleIds);
      if (commentArticleIds.length > 0) {
        realtime.emit(RealtimeEvents.comments, { article_id: null });
        realtime.emitToAdmins(AdminRealtimeEvents.commentsChanged, {});
      }
      // Search entries and page sizes of the new articles and images, in the background.
      if (articleIds.length > 0) void services.articles.warmSearch();
      void services.imageSizes.catchUp();
    },
  });
  const uploadBody = multipartBody(
    { maxFileBytes: BLOG_IMPORT_MAX_BYTES, maxTotalBytes: BLOG_IMPORT_MAX_BYTES, maxFiles: 1 },
    M.fileTooLarge(BLOG_IMPORT_MAX_BYTES / 1024 / 1024),
    services.uploads.tempDir,
  );

  router.post('/api/admin/imports', requireAdmin, async (ctx) => {
    // Taken before the upload is read: a second import is refused at once, not after its upload.
    const slot = importer.claim();
    let started = false;
    try {
      await uploadBody(ctx, async () => {
        const file = uploadedFile(ctx);
        if (!file) throw badRequest(M.fileRequired);
        const options = parseOptions(ctx);
        const job = await importer.start(slot, { path: file.filepath, size: file.size }, options);
        started = true;
        sendOk(ctx, job, { status: 202, msg: M.started });
      });
    } catch (error) {
      if (!started) slot.release();
      throw error;
    }
  });

  router.get('/api/admin/imports/:id', requireAdmin, (ctx) => {
    sendOk(ctx, importer.find(ctx.params.id ?? ''));
  });

  router.post('/api/admin/imports/:id/cancel', requireAdmin, (ctx) => {
    sendOk(ctx, importer.cancel(ctx.params.id ?? ''), { status: 202, msg: M.cancelling });
  });
}
