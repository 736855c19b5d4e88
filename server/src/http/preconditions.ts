import type { Context } from 'koa';
import { ServerMessages as M, idempotencyKeySchema } from '@folio/shared';
import { badRequest } from '../errors.js';
import type { RevisionPrecondition } from '../services/articles.service.js';

/** One entity tag of RFC 9110: optional `W/`, then a quoted string without `"` inside. */
const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;
const REVISION = /^[1-9]\d{0,15}$/;

/**
 * Reads `If-Match` as the revisions it accepts: `undefined` without the header (a save as
 * before), `'any'` for `*`, otherwise the revisions named by strong tags. `If-Match` uses the
 * strong comparison, so weak tags and tags that are no revision of ours match nothing; a list
 * of only those is still a precondition, one that fails. A header that is not a tag list is a 400.
 */
export function parseIfMatch(ctx: Context): RevisionPrecondition | undefined {
  const header = ctx.get('If-Match').trim();
  if (header === '') return ctx.headers['if-match'] === undefined ? undefined : invalidIfMatch();
  if (header === '*') return 'any';
  const revisions: number[] = [];
  for (const part of header.split(',')) {
    const match = ENTITY_TAG.exec(part.trim());
    if (!match) return invalidIfMatch();
    const [, weak, value = ''] = match;
    if (!weak && REVISION.test(value)) revisions.push(Number(value));
  }
  return revisions;
}

function invalidIfMatch(): never {
  throw badRequest(M.ifMatchInvalid);
}

/** The `Idempotency-Key` header, validated; `undefined` when the client sent none. */
export function parseIdempotencyKey(ctx: Context): string | undefined {
  const raw = ctx.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  // Node joins repeated headers with ", ", which the pattern refuses (a space is not visible ASCII).
  const result = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw.join(', ') : raw);
  if (!result.success) throw badRequest(M.idempotencyKeyInvalid);
  return result.data;
}
