import type { Context } from 'koa';
import send from 'koa-send';
import { ServerMessages as M } from '@folio/shared';
import type { ServerConfig } from '../config.js';
import { notFound } from '../errors.js';

/** Hashed build output: named by content, so a browser or CDN may keep each file for a year. */
const HASHED_ASSETS_PREFIX = '/assets/';
const HASHED_ASSET_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Sends a file of the web build; false when the path names none. koa-send refuses traversal
 * (`..`, encoded or not), malformed percent-encoding and missing files with 4xx errors: those
 * are all "no such file", never a server fault worth a stack trace.
 */
async function sendBuiltFile(ctx: Context, webDistDir: string, hashed: boolean): Promise<boolean> {
  try {
    const sent = await send(
      ctx,
      ctx.path,
      hashed ? { root: webDistDir, immutable: true, maxage: HASHED_ASSET_MAX_AGE_MS } : { root: webDistDir, index: false },
    );
    return typeof sent === 'string' && sent !== '';
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
    throw error;
  }
}

/**
 * Answers a file of the web build: hashed assets with long-lived caching (a missing one is a JSON
 * 404, never a page), other built files (the favicon, the default avatar) as they are. Source
 * maps stay hidden unless `serveSourceMaps`. False when the path is not a built file: a page.
 */
export async function serveBuiltFile(
  ctx: Context,
  config: Pick<ServerConfig, 'webDistDir' | 'serveSourceMaps'>,
): Promise<boolean> {
  const hiddenMap = !config.serveSourceMaps && ctx.path.endsWith('.map');
  if (ctx.path.startsWith(HASHED_ASSETS_PREFIX)) {
    if (hiddenMap || !(await sendBuiltFile(ctx, config.webDistDir, true))) throw notFound(M.fileNotFound);
    return true;
  }
  // index.html is the landing page's path, answered by the pages, never as the bare shell.
  if (ctx.path === '/' || ctx.path === '/index.html' || hiddenMap) return false;
  return sendBuiltFile(ctx, config.webDistDir, false);
}
