import type { Context, Next } from 'koa';
import { AppError, badRequest, internalError, notFound } from '../errors.js';
import type { Logger, RequestLogContext } from '../logger.js';

/** The request's place and outcome for the log; deliberately no headers, query or body. */
export function requestLogContext(ctx: Context, status: number, startedAt: number): RequestLogContext {
  const route = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  return {
    method: ctx.method,
    path: ctx.path,
    route: route === undefined ? undefined : String(route),
    status,
    durationMs: Math.round(performance.now() - startedAt),
  };
}

/**
 * Turns every thrown error into the envelope of server/API.md §1.2. Unexpected faults are logged with the
 * request context and answered with a bare 500, so internals never reach a client.
 */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const startedAt = performance.now();
    try {
      await next();
    } catch (thrown) {
      let error: AppError;
      const status = (thrown as { status?: unknown } | null)?.status;
      if (thrown instanceof AppError) {
        error = thrown;
      } else if (typeof status === 'number' && status >= 400 && status < 500) {
        // A library refusing the request (a malformed path, a body it cannot read): the
        // client's fault, answered in Chinese and not logged as a server failure.
        error = status === 404 ? notFound() : badRequest();
      } else {
        error = internalError();
        logger.error('Request failed', thrown, requestLogContext(ctx, error.status, startedAt));
      }
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = { code: error.code, msg: error.message, error: error.slug, data: error.data };
    }
  };
}
