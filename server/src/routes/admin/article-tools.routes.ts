import type { Router } from '@koa/router';
import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMITS, RATE_LIMITS, RealtimeEvents, ServerMessages as M, aiAnalyzeSchema } from '@folio/shared';
import type { AppContext } from '../../app-context.js';
import { badRequest, payloadTooLarge, rateLimited } from '../../errors.js';
import { jsonBody, multipartBody, uploadedFiles } from '../../http/body.js';
import type { AdminState } from '../../http/require-admin.js';
import { sendOk } from '../../http/envelope.js';
import { parseBody } from '../../http/validate.js';
import { AiAnalyzeService } from '../../services/ai/analyze.service.js';
import { importMarkdownFiles } from '../../services/markdown-import.service.js';
import { ArticlesRepository } from '../../store/articles.repository.js';

/** 30 analyses a minute per token (API 1.6): each one may cost the owner a paid provider call. */
function aiRateLimit() {
  const limiter = new RateLimiterMemory({
    points: RATE_LIMITS.aiPerMinute.max,
    duration: RATE_LIMITS.aiPerMinute.windowMs / 1000,
  });
  return async (ctx: Context, next: Next) => {
    const { admin } = ctx.state as AdminState;
    try {
      await limiter.consume(admin.jti);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      throw rateLimited(M.rateLimited, Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    }
    await next();
  };
}

/** Markdown import and AI analysis: the admin article tools of API section 9. */
export function registerArticleToolRoutes(router: Router, { config, store, logger, realtime, requireAdmin }: AppContext): void {
  const articles = new ArticlesRepository(store);
  const liveCategories = () => [...new Set(articles.listLive().map((article) => article.category))];
  const analyzer = new AiAnalyzeService(config, liveCategories, logger);

  router.post('/api/admin/articles/ai-analyze', requireAdmin, aiRateLimit(), jsonBody(LIMITS.jsonBodyBytes), async (ctx) => {
    const request = parseBody(aiAnalyzeSchema, ctx.request.body);
    const { analysis, msg } = await analyzer.analyze(request);
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
  );
  router.post('/api/admin/articles/import-md', requireAdmin, multipart, async (ctx) => {
    const files = uploadedFiles(ctx, 'files');
    if (files.length === 0) throw badRequest(M.noFileUploaded);
    if (files.length > LIMITS.markdownFiles) throw payloadTooLarge();
    const summary = await importMarkdownFiles(
      files.map((file) => ({ filename: file.originalFilename ?? '', path: file.filepath, size: file.size })),
      articles,
    );
    if (summary.imported_count > 0) realtime.emit(RealtimeEvents.articles, { ids: summary.imported_ids });
    sendOk(ctx, summary, { msg: M.importMdResult(summary.imported_count, summary.skipped_count) });
  });
}
