import type { Context, Next } from 'koa';
import { AppError, badRequest, internalError, notFound } from '../errors.js';
import type { Logger } from '../logger.js';

/**
 * Turns every thrown error into the envelope of API 1.2. Unexpected faults are logged with the
 * request context and answered with a bare 500, so internals never reach a client.
 */
export function errorHandler(logger: Logger) {
  return async (ctx: Context, next: Next) => {
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
        logger.error(`${ctx.method} ${ctx.path} failed`, thrown);
        error = internalError();
      }
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = { code: 1, msg: error.message, error: error.slug, data: error.data };
    }
  };
}
