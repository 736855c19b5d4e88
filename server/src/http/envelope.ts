import type { Context } from 'koa';
import { ServerMessages as M } from '@folio/shared';
import type { Pagination } from '@folio/shared';

interface OkOptions {
  msg?: string;
  status?: number;
  /** Keys repeated at the top level for the original client (server/API.md §1.2, "legacy keys"). */
  legacy?: Record<string, unknown>;
}

/**
 * Writes the success envelope `{ code: 0, msg, data, ...legacy }`, serialised here once: given
 * an object, Koa would serialise it for the length compression looks at, for the ETag and again
 * to send it.
 */
export function sendOk(ctx: Context, data: unknown, options: OkOptions = {}): void {
  ctx.status = options.status ?? 200;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify({ ...options.legacy, code: 0, msg: options.msg ?? M.success, data });
}

export function sendCreated(ctx: Context, data: unknown, options: Omit<OkOptions, 'status'> = {}): void {
  sendOk(ctx, data, { msg: M.created, ...options, status: 201 });
}

/** Pagination fields that every list response carries at its top level (server/API.md §1.4). */
export function paginate<T>(items: readonly T[], page: number, perPage: number): { items: T[]; pagination: Pagination } {
  const total = items.length;
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    pagination: { total, pages: Math.ceil(total / perPage), current_page: page, per_page: perPage },
  };
}
