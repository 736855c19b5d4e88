import { ServerMessages as M } from '@folio/shared';
import type { FieldError } from '@folio/shared';

export type ErrorSlug =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal_error';

/** An error that maps onto the API envelope: HTTP status, `error` slug, Chinese `msg`, optional `data`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly slug: ErrorSlug,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string = M.badRequest, data: unknown = null) => new AppError(400, 'bad_request', msg, data);
export const validationFailed = (errors: FieldError[]) =>
  new AppError(400, 'validation_failed', errors[0]?.msg ?? M.badRequest, { errors });
export const unauthorized = (msg: string, data: unknown = null) => new AppError(401, 'unauthorized', msg, data);
export const notFound = (msg: string = M.routeNotFound) => new AppError(404, 'not_found', msg);
export const methodNotAllowed = () => new AppError(405, 'method_not_allowed', M.methodNotAllowed);
export const conflict = (msg: string) => new AppError(409, 'conflict', msg);
export const payloadTooLarge = (msg: string = M.payloadTooLarge) => new AppError(413, 'payload_too_large', msg);
export const unsupportedMediaType = (msg: string = M.jsonRequired) => new AppError(415, 'unsupported_media_type', msg);
export const rateLimited = (msg: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', msg, { retry_after: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) });
export const internalError = () => new AppError(500, 'internal_error', M.internalError);
