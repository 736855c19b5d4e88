import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { File } from 'formidable';
import type { Context, Next } from 'koa';
import { koaBody } from 'koa-body';
import { ServerMessages as M } from '@folio/shared';
import { badRequest, payloadTooLarge, unsupportedMediaType } from '../errors.js';

interface BodyParseError extends Error {
  type?: string;
  code?: unknown;
  status?: number;
  httpCode?: number;
}

/** Formidable's error code for a form with more files than `maxFiles`. */
const FORMIDABLE_MAX_FILES_EXCEEDED = 1015;

function mapParseError(error: BodyParseError): never {
  if (error.type === 'entity.too.large' || error.status === 413 || error.httpCode === 413) throw payloadTooLarge();
  if (error.type === 'entity.parse.failed' || error.type === 'encoding.unsupported' || error instanceof SyntaxError) {
    throw badRequest(M.invalidJson);
  }
  throw badRequest(M.badRequest);
}

/**
 * Requires and parses a JSON body (server/API.md §1.1): another content type is 415, malformed JSON 400,
 * an oversized body 413. Body-less endpoints do not use this, so they ignore what is sent.
 */
export function jsonBody(limitBytes: number, unsupportedMessage: string = M.jsonRequired) {
  const parse = koaBody({
    json: true,
    jsonStrict: false,
    jsonLimit: limitBytes,
    multipart: false,
    urlencoded: false,
    text: false,
    patchNode: false,
    onError: (error: Error) => mapParseError(error as BodyParseError),
  });
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('application/json', '+json')) throw unsupportedMediaType(unsupportedMessage);
    await parse(ctx, async () => {});
    return next();
  };
}

export interface MultipartLimits {
  maxFileBytes: number;
  maxTotalBytes: number;
  maxFiles: number;
}

/** Stream position of each uploaded part, so handlers see files in the order they were sent. */
const partSequence = new WeakMap<File, number>();
let nextPartSequence = 0;

/**
 * Parses `multipart/form-data` into temp files in `tempDir`; oversized parts are a 413 with
 * `tooLargeMessage`. The temp files are removed once the handler is done, whatever it did with
 * them; `tempDir` is inside the data directory, which start-up empties of what a killed process left.
 */
export function multipartBody(limits: MultipartLimits, tooLargeMessage: string, tempDir: string) {
  const parserWritingTo = (uploadDir: string) =>
    koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      patchNode: false,
      formidable: {
        maxFileSize: limits.maxFileBytes,
        maxTotalFileSize: limits.maxTotalBytes,
        maxFiles: limits.maxFiles,
        uploadDir,
        allowEmptyFiles: true,
        minFileSize: 0,
        keepExtensions: false,
        onFileBegin: (_name: string, file: File) => {
          partSequence.set(file, nextPartSequence++);
        },
      },
      onError: (error: Error) => {
        const parseError = error as BodyParseError;
        // Formidable reports too many files with a 413 too; they are not too large, say so.
        if (parseError.code === FORMIDABLE_MAX_FILES_EXCEEDED) {
          throw badRequest(limits.maxFiles === 1 ? M.onlyOneFile : M.tooManyFiles(limits.maxFiles));
        }
        if (parseError.httpCode === 413) throw payloadTooLarge(tooLargeMessage);
        throw badRequest(M.noFileUploaded);
      },
    });
  return async (ctx: Context, next: Next) => {
    if (!ctx.is('multipart/form-data')) throw badRequest(M.noFileUploaded);
    // Each request writes into a folder of its own, removed whole once the handler is done: a
    // form refused mid-parse (one file too many) leaves files formidable never reports.
    const requestDir = await fs.mkdtemp(path.join(tempDir, 'upload-'));
    try {
      await parserWritingTo(requestDir)(ctx, async () => {});
      await next();
    } finally {
      await fs.rm(requestDir, { recursive: true, force: true });
    }
  };
}

/**
 * The files of one multipart field in the order they were sent. Formidable lists them in the
 * order they finished writing, which under load differs from the request's order.
 */
export function uploadedFiles(ctx: Context, field: string): File[] {
  const part = ctx.request.files?.[field];
  const files = part === undefined ? [] : Array.isArray(part) ? part : [part];
  return [...files].sort((a, b) => (partSequence.get(a) ?? 0) - (partSequence.get(b) ?? 0));
}
