import type { Context } from 'koa';
import { REVISION_SOURCE_HEADER, ServerMessages as M, revisionSourceSchema } from '@folio/shared';
import type { RevisionSource } from '@folio/shared';
import { badRequest } from '../errors.js';

/**
 * The client a save comes from, for the article's history (server/API.md §E10): `api` when the
 * request does not say (the original client). A value that is none of the sources is a 400
 * rather than `api`: a client that names itself wrongly would otherwise fill the history with
 * entries of the wrong origin, and nobody would notice.
 */
export function parseRevisionSource(ctx: Context): RevisionSource {
  const raw = ctx.headers[REVISION_SOURCE_HEADER.toLowerCase()];
  if (raw === undefined) return 'api';
  // Node joins repeated headers with ", ", which no source matches.
  const result = revisionSourceSchema.safeParse((Array.isArray(raw) ? raw.join(', ') : raw).trim().toLowerCase());
  if (!result.success) throw badRequest(M.revisionSourceInvalid);
  return result.data;
}
