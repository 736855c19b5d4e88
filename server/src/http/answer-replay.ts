import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import accepts from 'accepts';
import type { Context, Middleware, Next } from 'koa';
import { LRUCache } from 'lru-cache';
import { PUBLIC_CACHE_CONTROL, ownBuffer, preferredEncoding } from './http-cache.js';

/** What decides whether a kept answer may still be sent, and what sending it must still do. */
export interface ReplayTerms {
  /** False once what the answer shows may have changed (a data change, new view counts). */
  stillValid(): boolean;
  /** Runs for every replayed answer: what the route does besides answering (an article page counts a view). */
  onReplay?(): void;
}

interface KeptAnswer extends ReplayTerms {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * Answers kept for replay, by bytes. Their bodies are the very buffers the page cache and the
 * compressed-answer cache hold, so most of this costs no memory of its own.
 */
const KEPT_ANSWERS_MAX_BYTES = 4 * 1024 * 1024;
/** Distinct `Accept-Encoding` values whose negotiation is remembered: browsers send a handful. */
const NEGOTIATED_ENCODINGS_MAX = 64;

/** Terms that hold while each of `generations` (change counters) reads as it does now. */
export function whileUnchanged(...generations: Array<() => number>): ReplayTerms {
  const seen = generations.map((read) => read());
  return { stillValid: () => generations.every((read, index) => read() === seen[index]) };
}

const REPLAY_STATE = Symbol('replay terms');

/**
 * Marks the answer being built as replayable: the same request (method GET, same URL, same
 * negotiated encoding) may then be answered with these exact bytes and headers until `terms`
 * says otherwise. Only for public answers that depend on nothing but the URL and the data.
 */
export function markReplayable(ctx: Context, terms: ReplayTerms): void {
  (ctx.state as Record<symbol, ReplayTerms>)[REPLAY_STATE] = terms;
}

/**
 * Replays public answers (the landing page, article pages, the article list) before Koa sees the
 * request. Serving a cached page through Koa's context, middleware chain and header handling cost
 * several times the write itself; a visitor's traffic is nearly all such repeat reads.
 *
 * An answer is kept after Koa has produced it, with every header it set (security headers,
 * ETag, Vary, Cache-Control, Content-Encoding), so a replay is byte for byte what Koa would have
 * sent. Anything that could change the answer goes to Koa instead: other methods (HEAD
 * included), conditional requests (Koa answers 304) and requests with an `Origin` (CORS headers
 * depend on it). No public answer reads cookies or credentials.
 */
export class AnswerReplay {
  private readonly answers = new LRUCache<string, KeptAnswer>({
    maxSize: KEPT_ANSWERS_MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length + 1024,
  });
  private readonly negotiated = new LRUCache<string, string>({ max: NEGOTIATED_ENCODINGS_MAX });
  private replays = 0;

  /** How many requests were answered from kept answers since start. */
  get replayed(): number {
    return this.replays;
  }

  /** Sends a kept answer for this request; false (nothing sent) when Koa must answer it. */
  tryReplay(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || !request.url || !replayableRequest(request)) return false;
    const key = this.key(request, request.url);
    const answer = this.answers.get(key);
    if (!answer) return false;
    if (!answer.stillValid()) {
      this.answers.delete(key);
      return false;
    }
    answer.onReplay?.();
    this.replays += 1;
    response.writeHead(200, answer.headers);
    response.end(answer.body);
    return true;
  }

  /** The outermost middleware: keeps what a route marked replayable once Koa has built it. */
  keep(): Middleware {
    return async (ctx: Context, next: Next) => {
      await next();
      const terms = (ctx.state as Record<symbol, ReplayTerms | undefined>)[REPLAY_STATE];
      if (!terms || ctx.method !== 'GET' || ctx.status !== 200 || !replayableRequest(ctx.req)) return;
      if (ctx.response.get('Cache-Control') !== PUBLIC_CACHE_CONTROL) return;
      const { body } = ctx;
      // Compressed answers and pages come from caches that hold exact-size buffers already.
      const bytes = Buffer.isBuffer(body) ? body : typeof body === 'string' ? ownBuffer(body) : null;
      if (!bytes) return;
      ctx.body = bytes;
      this.answers.set(this.key(ctx.req, ctx.url), { ...terms, headers: { ...ctx.response.headers }, body: bytes });
    };
  }

  private key(request: IncomingMessage, url: string): string {
    return `${this.encodingFor(request)} ${url}`;
  }

  /** The encoding Koa's compression would choose for this request, remembered per header value. */
  private encodingFor(request: IncomingMessage): string {
    const header = request.headers['accept-encoding'] ?? '';
    let encoding = this.negotiated.get(header);
    if (encoding === undefined) {
      const negotiator = accepts(request);
      encoding = preferredEncoding({ acceptsEncodings: (...encodings) => negotiator.encodings(encodings) }) ?? '';
      this.negotiated.set(header, encoding);
    }
    return encoding;
  }
}

/** Requests whose answer may differ from a kept one even for the same URL and encoding. */
function replayableRequest(request: IncomingMessage): boolean {
  const { headers } = request;
  return headers['if-none-match'] === undefined && headers['if-modified-since'] === undefined && headers.origin === undefined;
}
