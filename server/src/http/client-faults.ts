import type { Context } from 'koa';
import type { Logger } from '../logger.js';

/** A client that went away mid-answer: a closed tab, a stopped download. */
const CLIENT_GONE_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * Node's HTTP parser refusing what a client sent (`HPE_*`: bytes after `Connection: close`, a
 * malformed header, plain garbage). Node has already answered 400 where the socket could still
 * be written to (its default `clientError` handling, which the server keeps).
 */
const isMalformedRequest = (code: string | undefined) => code?.startsWith('HPE_') === true;

/**
 * Koa's `error` listener, for failures after a handler is done (a stream breaking mid-answer).
 * What a client causes is not a server fault: a client gone is not logged, a malformed request
 * gets one short line, without the error object (whose `rawPacket` holds the client's bytes) or
 * its stack; anything else is logged in full.
 */
export function logStreamErrors(logger: Logger) {
  return (error: NodeJS.ErrnoException, ctx?: Context) => {
    if (error.code && CLIENT_GONE_CODES.has(error.code)) return;
    if (isMalformedRequest(error.code)) {
      logger.info(`Malformed request from a client (${error.code}) ${ctx?.method ?? ''} ${JSON.stringify(ctx?.path ?? '')}`);
      return;
    }
    logger.error(`${ctx?.method ?? ''} ${ctx?.path ?? ''} stream failed`, error);
  };
}
