import { promises as dns } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { BlogImportImageMessages as M } from '@folio/shared';
import { isPrivateAddress } from './private-addresses.js';

/** How far one import goes for the images of an old blog (server/API.md §E21). */
export interface ImageFetchLimits {
  /** The most bytes one image may have; counted as they arrive, the download stops past it. */
  maxBytes: number;
  /** The most time one image may take, redirects included. */
  timeoutMs: number;
  /** Redirects followed for one image; one more is refused. */
  maxRedirects: number;
  /** Downloads at once, whatever the number of callers. */
  concurrency: number;
}

export const IMAGE_FETCH_LIMITS: Readonly<ImageFetchLimits> = Object.freeze({
  maxBytes: 25 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 3,
  concurrency: 4,
});

/** Resolves a host name to every address it has, as `dns.lookup(host, { all: true })` does. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export interface ImageFetcherOptions {
  /** `IMPORT_ALLOW_PRIVATE_HOSTS`: tests and intranet blogs fetch from private addresses. */
  allowPrivateHosts: boolean;
  /** Tests shorten them; the defaults are {@link IMAGE_FETCH_LIMITS}. */
  limits?: Partial<ImageFetchLimits>;
  /** Tests make a name resolve where they want; the default is the system's resolver. */
  resolve?: HostResolver;
  /** Which resolved addresses are refused without `allowPrivateHosts`; tests pick one loopback address. */
  isBlockedAddress?: (address: string) => boolean;
}

/** An image downloaded whole: the bytes as the server sent them, and the address they came from. */
export interface FetchedImage {
  /** The address after redirects. */
  url: string;
  bytes: Buffer;
}

/** Why one image could not be fetched; `message` is the Chinese reason the report shows. */
export class ImageFetchError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ImageFetchError';
  }
}

/** Raised from the connection's lookup, so that the request fails with the reason and never connects. */
class RefusedAddressError extends Error {}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** At most `size` holders at once; waiting is given up when the signal aborts. */
class Slots {
  private used = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async take(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if (this.used >= this.size) {
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          const at = this.waiting.indexOf(grant);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason);
        };
        const grant = () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        this.waiting.push(grant);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    } else {
      this.used += 1;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `used` stays as it is.
      if (next) next();
      else this.used -= 1;
    };
  }
}

/**
 * Downloads the images of an imported blog, safely (server/API.md §E21): http and https only, a
 * bounded number at once, each bounded in bytes, time and redirects, and never from a private
 * address unless allowed. The address is judged after DNS resolution, inside the connection's own
 * lookup, so the address checked is the one connected to: a name that resolves to a public address
 * for a check and to a private one for the connection (DNS rebinding) cannot slip between the two.
 * Each redirect is a new connection, judged again.
 */
export class ImageFetcher {
  readonly limits: Readonly<ImageFetchLimits>;
  private readonly slots: Slots;
  private readonly resolve: HostResolver;
  private readonly refuses: (address: string) => boolean;

  constructor(options: ImageFetcherOptions) {
    this.limits = Object.freeze({ ...IMAGE_FETCH_LIMITS, ...options.limits });
    this.slots = new Slots(this.limits.concurrency);
    this.resolve = options.resolve ?? systemResolver;
    const blocked = options.isBlockedAddress ?? isPrivateAddress;
    this.refuses = (address) => !options.allowPrivateHosts && blocked(address);
  }

  /**
   * The image at `url`, or an {@link ImageFetchError} with the reason. When `signal` aborts
   * (the import was cancelled), rejects with its reason instead, promptly, whatever stage it is at.
   */
  async fetch(url: string, signal: AbortSignal = new AbortController().signal): Promise<FetchedImage> {
    const release = await this.slots.take(signal);
    const timeout = AbortSignal.timeout(this.limits.timeoutMs);
    const either = AbortSignal.any([signal, timeout]);
    try {
      return await this.follow(url, either);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof ImageFetchError) throw error;
      if (timeout.aborted) throw new ImageFetchError(M.timedOut(Math.ceil(this.limits.timeoutMs / 1000)));
      if (error instanceof RefusedAddressError) throw new ImageFetchError(M.privateAddress);
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') throw new ImageFetchError(M.hostNotFound);
      throw new ImageFetchError(M.connectionFailed(code));
    } finally {
      release();
    }
  }

  private async follow(first: string, signal: AbortSignal): Promise<FetchedImage> {
    let url = this.checkedUrl(first);
    for (let redirects = 0; ; redirects += 1) {
      const response = await this.get(url, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        response.destroy();
        if (redirects >= this.limits.maxRedirects) throw new ImageFetchError(M.tooManyRedirects(this.limits.maxRedirects));
        const location = response.headers.location;
        if (!location) throw new ImageFetchError(M.redirectWithoutLocation);
        url = this.checkedUrl(location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new ImageFetchError(M.httpStatus(status));
      }
      return { url: url.href, bytes: await this.readBounded(response) };
    }
  }

  /** An http(s) URL whose host, when written as an IP address, is allowed (names are judged at lookup). */
  private checkedUrl(text: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(text, base);
    } catch {
      throw new ImageFetchError(M.invalidAddress);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ImageFetchError(M.notWebAddress);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // A literal address never goes through a lookup, so it is judged here.
    if (isIP(host) && this.refuses(host)) throw new ImageFetchError(M.privateAddress);
    return url;
  }

  private get(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, {
        method: 'GET',
        // No Accept-Encoding: the bytes are what the server stores, and no compressed bomb can be sent.
        headers: { accept: 'image/*,*/*;q=0.5', 'user-agent': 'Folio blog import' },
        // A connection of its own, so no kept-alive socket to an address judged earlier is reused.
        agent: false,
        lookup: this.lookup,
        signal,
      });
      request.once('response', resolve);
      request.once('error', reject);
      request.end();
    });
  }

  /** The lookup every connection makes: only addresses that pass are handed to the socket. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    const answer = callback as (error: Error | null, address: string | LookupAddress[], family?: number) => void;
    this.resolve(hostname).then(
      (found) => {
        const wanted = options.family === 4 || options.family === 6 ? found.filter((a) => a.family === options.family) : found;
        // One private address among public ones refuses the name: which one is dialled is not ours to choose.
        if (found.some((entry) => this.refuses(entry.address))) {
          answer(new RefusedAddressError(hostname), []);
          return;
        }
        if (wanted.length === 0) {
          answer(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), []);
          return;
        }
        if (options.all) answer(null, wanted);
        else answer(null, wanted[0]?.address ?? '', wanted[0]?.family);
      },
      (error: unknown) => answer(error instanceof Error ? error : new Error(String(error)), []),
    );
  };

  /** The body, counted as it streams: past the limit the download stops and the image is refused. */
  private async readBounded(response: IncomingMessage): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    const tooLarge = () => new ImageFetchError(M.tooLarge(Number((this.limits.maxBytes / (1024 * 1024)).toFixed(2))));
    if (Number.isFinite(declared) && declared > this.limits.maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let received = 0;
    try {
      for await (const chunk of response as AsyncIterable<Buffer>) {
        received += chunk.length;
        if (received > this.limits.maxBytes) throw tooLarge();
        chunks.push(chunk);
      }
    } finally {
      response.destroy();
    }
    return Buffer.concat(chunks, received);
  }
}
