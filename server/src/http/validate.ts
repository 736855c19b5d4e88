import type { Context } from 'koa';
import type { z } from 'zod';
import { ServerMessages as M, paginationSchema } from '@folio/shared';
import type { FieldError } from '@folio/shared';
import { badRequest, notFound, validationFailed } from '../errors.js';

function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || 'body', msg: issue.message }));
}

/** Parses a JSON body with a shared schema; a broken rule is a 400 with the spec's message. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(M.badRequest);
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(fieldErrors(result.error));
  return result.data;
}

/** Path ids are positive integers; anything else is simply not found (server/API.md §1.1). */
export function parseId(raw: string | undefined, notFoundMessage: string = M.routeNotFound): number {
  if (!raw || !/^[1-9]\d{0,15}$/.test(raw)) throw notFound(notFoundMessage);
  return Number(raw);
}

/** One schema per default page size, built once: building a zod schema costs more than using it. */
const paginationSchemas = new Map<number, ReturnType<typeof paginationSchema>>();

export function parsePagination(ctx: Context, defaultPerPage: number): { page: number; perPage: number } {
  let schema = paginationSchemas.get(defaultPerPage);
  if (!schema) {
    schema = paginationSchema(defaultPerPage);
    paginationSchemas.set(defaultPerPage, schema);
  }
  const result = schema.safeParse({
    page: queryString(ctx, 'page'),
    per_page: queryString(ctx, 'per_page'),
  });
  if (!result.success) throw badRequest(M.invalidPagination);
  return { page: result.data.page, perPage: result.data.per_page };
}

/** A query parameter as one string: the first value when repeated, `undefined` when absent. */
export function queryString(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name];
  return Array.isArray(value) ? value[0] : value;
}
