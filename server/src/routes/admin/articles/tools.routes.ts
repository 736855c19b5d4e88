import type { Router } from '@koa/router';
import { LIMITS, ServerMessages as M, aiAnalyzeSchema } from '@folio/shared';
import type { AppContext } from '../../../app-context.js';
import { badRequest, payloadTooLarge } from '../../../errors.js';
import { jsonBody, multipartBody, uploadedFiles } from '../../../http/body.js';
import { sendOk } from '../../../http/envelope.js';
import { parseBody } from '../../../http/validate.js';
import { emitArticlesChanged } from './articles.routes.js';

/** Markdown import and AI analysis: the admin article tools of server/API.md §9. */
export function registerArticleToolRoutes(router: Router, context: AppContext): void {
  const { services, requireAdmin, rateLimits } = context;
  const { aiAnalyze, markdownImport } = services;

  // Limited per token (server/API.md §1.6): each analysis may cost the owner a paid provider call.
  const aiLimit = rateLimits.middleware('aiAnalysis');
  router.post('/api/admin/articles/ai-analyze', requireAdmin, aiLimit, jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const request = parseBody(aiAnalyzeSchema, ctx.request.body);
    const { analysis, msg } = await aiAnalyze.analyze(request);
    sendOk(ctx, analysis, { msg });
  });

  const multipart = multipartBody(
    {
      // Each file is checked against 1 MB by the import itself, so one big file is skipped, not the request.
      maxFileBytes: LIMITS.markdownTotalBytes,
      maxTotalBytes: LIMITS.markdownTotalBytes,
      // formidable leaves behind the temp file of the part that breaks its maxFiles, so the
      // 50-file rule is checked below; this cap only stops a flood of tiny parts.
      maxFiles: LIMITS.markdownFiles * 20,
    },
    M.payloadTooLarge,
    services.uploads.tempDir,
  );
  router.post('/api/admin/articles/import-md', requireAdmin, multipart, async (ctx) => {
    const files = uploadedFiles(ctx, 'files');
    if (files.length === 0) throw badRequest(M.noFileUploaded);
    if (files.length > LIMITS.markdownFiles) throw payloadTooLarge();
    const summary = await markdownImport.import(
      files.map((file) => ({ filename: file.originalFilename ?? '', path: file.filepath, size: file.size })),
    );
    // Drafts the files marked as such are imported unseen, and unannounced (server/API.md §E8).
    emitArticlesChanged(context, summary.imported_ids);
    sendOk(ctx, summary, { msg: M.importMdResult(summary.imported_count, summary.skipped_count) });
  });
}
