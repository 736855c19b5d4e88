/**
 * What the WebDAV and S3 targets share (server/API.md §E22): the archive read from disk as a
 * stream that fails unless exactly the promised bytes come, a watchdog that gives up on a server
 * gone silent, and network failures told in the owner's words.
 */
import { createReadStream } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { BackupTargetMessages as M } from '@folio/shared';
import { BackupTargetError } from './backup-target-error.js';

/**
 * The file at `localPath` as a byte stream that errors, instead of ending, when the file holds
 * more or fewer than `size` bytes: a stream that ended early would otherwise be stored whole by
 * the server, as a backup cut short. `onChunk` is told of every chunk read (for a watchdog).
 */
export function readExactly(localPath: string, size: number, onChunk: () => void = () => {}): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    let read = 0;
    for await (const chunk of createReadStream(localPath)) {
      const bytes = chunk as Buffer;
      read += bytes.length;
      if (read > size) throw new BackupTargetError(M.sourceChanged);
      onChunk();
      yield bytes;
    }
    if (read !== size) throw new BackupTargetError(M.sourceChanged);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Aborts a transfer once nothing moved for `ms`: a total deadline would cut off a large backup on
 * a slow link, while a server that stopped answering must not hold a run forever.
 */
export class IdleWatchdog {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ms: number) {
    this.touch();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get fired(): boolean {
    return this.controller.signal.aborted;
  }

  touch(): void {
    if (this.fired) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.controller.abort(), this.ms);
    this.timer.unref();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}

/**
 * `source` passed through unchanged, its errors replaced by `mapError`'s and each chunk told to
 * `onChunk`; `onEnd` runs once it has ended, failed or been closed by the reader.
 */
export function relay(source: Readable, mapError: (error: unknown) => Error, onChunk: () => void, onEnd: () => void): Readable {
  const out = new PassThrough();
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  source.on('data', onChunk);
  source.on('error', (error) => {
    finish();
    out.destroy(mapError(error));
  });
  source.on('end', finish);
  out.on('close', () => {
    finish();
    if (!source.destroyed) source.destroy();
  });
  source.pipe(out);
  return out;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The system error code (`ECONNREFUSED`, …) in `error` or one of its causes, if any. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    current = cause;
  }
  return undefined;
}

/** A network failure reaching `host` in the owner's words, or `undefined` when `error` is not one. */
export function networkFailure(error: unknown, host: string): BackupTargetError | undefined {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError' || name === 'TimeoutError') return new BackupTargetError(M.timedOut(host));
  const code = networkCode(error);
  if (code === undefined) return undefined;
  if (code === 'ECONNREFUSED') return new BackupTargetError(M.connectionRefused(host));
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new BackupTargetError(M.hostNotFound(host));
  if (code === 'ETIMEDOUT') return new BackupTargetError(M.timedOut(host));
  return new BackupTargetError(M.connectionLost(host, code));
}
