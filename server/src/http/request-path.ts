import type { Context } from 'koa';

/**
 * The request's path as the API router matches it. @koa/router compares paths regardless of
 * letter case (`/API/Admin/comments` reaches the admin comment list), so every decision taken on
 * the path outside the router (cache headers, CORS, the API's JSON 404) is taken on this form:
 * on the path as written, a case variant would slip past it.
 */
function routedPath(ctx: Pick<Context, 'path'>): string {
  return ctx.path.toLowerCase();
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** `/api` and every path below it, in any letter case. */
export function isApiRequest(ctx: Pick<Context, 'path'>): boolean {
  return under(routedPath(ctx), '/api');
}

/** The owner's API, `/api/admin` and below, in any letter case: answers that carry private data. */
export function isAdminApiRequest(ctx: Pick<Context, 'path'>): boolean {
  return under(routedPath(ctx), '/api/admin');
}
