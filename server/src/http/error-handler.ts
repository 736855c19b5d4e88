import type { Context, Next } from 'koa';
import { AppError, internalError } from '../errors.js';
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
      if (thrown instanceof AppError) {
        error = thrown;
      } else {
        logger.error(`${ctx.method} ${ctx.path} failed`, thrown);
        error = internalError();
      }
      ctx.status = error.status;
      ctx.set(error.headers);
      ctx.body = { code: error.code, msg: error.message, error: error.slug, data: error.data };
    }
  };
}
