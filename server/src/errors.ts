import { ServerMessages as M } from '@folio/shared';
import type { FieldError } from '@folio/shared';

export type ErrorSlug =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'precondition_failed'
  | 'unprocessable_entity'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error'
  /** A backup target (WebDAV, S3, a folder) refused or failed (server/API.md §E22). */
  | 'bad_gateway';

/** An error that maps onto the API envelope: HTTP status, `error` slug, Chinese `msg`, optional `data`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly slug: ErrorSlug,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
    /** The envelope `code`: 1 for every error, except where a contract names another (412). */
    readonly code = 1,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string = M.badRequest, data: unknown = null) => new AppError(400, 'bad_request', msg, data);
export const validationFailed = (errors: FieldError[]) =>
  new AppError(400, 'validation_failed', errors[0]?.msg ?? M.badRequest, { errors });
export const unauthorized = (msg: string, data: unknown = null) => new AppError(401, 'unauthorized', msg, data);
export const forbidden = (msg: string) => new AppError(403, 'forbidden', msg);
export const notFound = (msg: string = M.routeNotFound) => new AppError(404, 'not_found', msg);
export const methodNotAllowed = () => new AppError(405, 'method_not_allowed', M.methodNotAllowed);
export const conflict = (msg: string) => new AppError(409, 'conflict', msg);
/** A stale `If-Match`: the current copy goes in `data` and its `ETag` in the header (server/API.md §E1: `code` 412). */
export const preconditionFailed = (msg: string, data: unknown, etag: string) =>
  new AppError(412, 'precondition_failed', msg, data, { ETag: etag }, 412);
export const unprocessableEntity = (msg: string) => new AppError(422, 'unprocessable_entity', msg);
export const payloadTooLarge = (msg: string = M.payloadTooLarge) => new AppError(413, 'payload_too_large', msg);
export const unsupportedMediaType = (msg: string = M.jsonRequired) => new AppError(415, 'unsupported_media_type', msg);
export const rateLimited = (msg: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', msg, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
export const internalError = () => new AppError(500, 'internal_error', M.internalError);

/**
 * A nickname kept for the site's owner: a field error like any other, in a class of its own
 * because each answer tells whether a name is the admin's username, so the comment rate limit
 * keeps the point such a refusal took instead of giving it back (see http/rate-limit.ts).
 */
export class ReservedNicknameError extends AppError {
  constructor(msg: string) {
    const errors: FieldError[] = [{ field: 'author', msg }];
    super(400, 'validation_failed', msg, { errors });
    this.name = 'ReservedNicknameError';
  }
}
