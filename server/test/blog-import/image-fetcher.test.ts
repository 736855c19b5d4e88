import type { LookupAddress } from 'node:dns';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BlogImportImageMessages as M } from '@folio/shared';
import { loadConfig } from '../../src/config.js';
import { IMAGE_FETCH_LIMITS, ImageFetchError, ImageFetcher } from '../../src/services/blog-import/image-fetcher.js';
import type { HostResolver, ImageFetcherOptions } from '../../src/services/blog-import/image-fetcher.js';
import { isPrivateAddress } from '../../src/services/blog-import/private-addresses.js';
import { jpegWithGps } from '../fixtures/photos.js';
import { startImageServer } from './image-server.js';
import type { ImageServer } from './image-server.js';

let images: ImageServer;
let photo: Buffer;

beforeEach(async () => {
  images = await startImageServer();
  photo = await jpegWithGps();
  images.file('/photo.jpg', photo);
  // `/hop/N` redirects N more times, then lands on the photo.
  for (let hop = 1; hop <= 5; hop += 1) {
    images.route(`/hop/${hop}`, (_request, response) => {
      response.writeHead(302, { location: hop === 1 ? '/photo.jpg' : `/hop/${hop - 1}` });
      response.end();
    });
  }
});
afterEach(async () => {
  await images.close();
});

/** A resolver that knows only the names given (as a DNS server of the tests). */
function resolverOf(names: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const fetcher = (options: Partial<ImageFetcherOptions> = {}) => new ImageFetcher({ allowPrivateHosts: true, ...options });

/** The reason a fetch was refused with. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ImageFetchError);
  return (error as ImageFetchError).message;
}

/** A route that answers only when the test says so; `held` are the answers waiting. */
function holdingRoute(held: ServerResponse[]) {
  return (_request: unknown, response: ServerResponse) => {
    held.push(response);
  };
}

describe('the image fetcher of a blog import', () => {
  it('uses the limits the import asks for by default: 4 at a time, 25 MB, 30 s, 3 redirects', () => {
    expect(IMAGE_FETCH_LIMITS).toEqual({ maxBytes: 25 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 3, concurrency: 4 });
    expect(fetcher().limits).toEqual(IMAGE_FETCH_LIMITS);
  });

  it('downloads an image whole, as the server sent it', async () => {
    const fetched = await fetcher().fetch(`${images.origin}/photo.jpg`);
    expect(fetched.bytes.equals(photo)).toBe(true);
    expect(fetched.url).toBe(`${images.origin}/photo.jpg`);
  });

  it('follows up to 3 redirects and refuses a fourth', async () => {
    const fetched = await fetcher().fetch(`${images.origin}/hop/3`);
    expect(fetched.bytes.equals(photo)).toBe(true);
    expect(fetched.url).toBe(`${images.origin}/photo.jpg`);

    images.requests.length = 0;
    expect(await refusal(fetcher().fetch(`${images.origin}/hop/4`))).toBe(M.tooManyRedirects(3));
    // The fourth redirect is never followed.
    expect(images.requests).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });

  it('names the HTTP status of an answer that is not a success', async () => {
    expect(await refusal(fetcher().fetch(`${images.origin}/missing.jpg`))).toBe('HTTP 404');
  });

  it('stops an image that grows past the limit while it streams, without waiting for its end', async () => {
    // An answer with no length that never ends: only counting the bytes can stop it.
    images.route('/endless.jpg', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      const chunk = Buffer.alloc(16 * 1024, 7);
      const timer = setInterval(() => response.write(chunk), 1);
      response.on('close', () => clearInterval(timer));
    });
    const limited = fetcher({ limits: { maxBytes: 100 * 1024 } });
    expect(await refusal(limited.fetch(`${images.origin}/endless.jpg`))).toBe(M.tooLarge(0.1));
    await vi.waitFor(() => expect(images.closedEarly).toContain('/endless.jpg'));
  });

  it('refuses an image whose declared length is past the limit before reading it', async () => {
    images.route('/huge.jpg', (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(50 * 1024 * 1024) });
      response.write(Buffer.alloc(1024));
    });
    expect(await refusal(fetcher({ limits: { maxBytes: 1024 * 1024 } }).fetch(`${images.origin}/huge.jpg`))).toBe(M.tooLarge(1));
  });

  it('gives up on an image that takes longer than its time', async () => {
    const held: ServerResponse[] = [];
    images.route('/slow.jpg', holdingRoute(held));
    expect(await refusal(fetcher({ limits: { timeoutMs: 300 } }).fetch(`${images.origin}/slow.jpg`))).toBe(M.timedOut(1));
    await vi.waitFor(() => expect(images.closedEarly).toContain('/slow.jpg'));
  });

  it('fetches only http and https addresses', async () => {
    expect(await refusal(fetcher().fetch('file:///etc/passwd'))).toBe(M.notWebAddress);
    expect(await refusal(fetcher().fetch('ftp://127.0.0.1/photo.jpg'))).toBe(M.notWebAddress);
    expect(await refusal(fetcher().fetch('not a url'))).toBe(M.invalidAddress);
    images.route('/to-file', (_request, response) => {
      response.writeHead(302, { location: 'file:///etc/passwd' });
      response.end();
    });
    expect(await refusal(fetcher().fetch(`${images.origin}/to-file`))).toBe(M.notWebAddress);
  });

  it('refuses a private address without IMPORT_ALLOW_PRIVATE_HOSTS and fetches it with the switch', async () => {
    expect(await refusal(fetcher({ allowPrivateHosts: false }).fetch(`${images.origin}/photo.jpg`))).toBe(M.privateAddress);
    expect(await refusal(fetcher({ allowPrivateHosts: false }).fetch(`http://[::1]:${images.port}/photo.jpg`))).toBe(
      M.privateAddress,
    );
    expect(images.requests).toEqual([]);
    expect((await fetcher({ allowPrivateHosts: true }).fetch(`${images.origin}/photo.jpg`)).bytes.equals(photo)).toBe(true);
  });

  it('judges a host name by the address it resolves to, not by its name', async () => {
    // `localhost` through the system's resolver.
    expect(await refusal(fetcher({ allowPrivateHosts: false }).fetch(`http://localhost:${images.port}/photo.jpg`))).toBe(
      M.privateAddress,
    );
    // A public-looking name that resolves to loopback, and one that has a private address among public ones.
    const resolve = resolverOf({ 'images.example.test': ['127.0.0.1'], 'mixed.example.test': ['93.184.216.34', '127.0.0.1'] });
    const strict = fetcher({ allowPrivateHosts: false, resolve });
    expect(await refusal(strict.fetch(`http://images.example.test:${images.port}/photo.jpg`))).toBe(M.privateAddress);
    expect(await refusal(strict.fetch(`http://mixed.example.test:${images.port}/photo.jpg`))).toBe(M.privateAddress);
    expect(images.requests).toEqual([]);
    // The connection goes where that resolver said (the system cannot resolve `.test`): the address judged is the one dialled.
    const open = fetcher({ allowPrivateHosts: true, resolve });
    expect((await open.fetch(`http://images.example.test:${images.port}/photo.jpg`)).bytes.equals(photo)).toBe(true);
  });

  it('judges every redirect again, and every connection by its own lookup (a name rebound to a private address)', async () => {
    // 127.0.0.2 stands for the private network: 127.0.0.1 for the public internet.
    let lookups = 0;
    const rebinding: HostResolver = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }];
    };
    const strict = fetcher({
      allowPrivateHosts: false,
      resolve: rebinding,
      isBlockedAddress: (address) => address === '127.0.0.2',
    });
    images.route('/again', (_request, response) => {
      response.writeHead(301, { location: `http://rebound.example.test:${images.port}/photo.jpg` });
      response.end();
    });
    expect(await refusal(strict.fetch(`http://rebound.example.test:${images.port}/again`))).toBe(M.privateAddress);
    expect(images.requests).toEqual(['/again']);
    expect(lookups).toBe(2);

    images.route('/to-private', (_request, response) => {
      response.writeHead(302, { location: `http://127.0.0.2:${images.port}/photo.jpg` });
      response.end();
    });
    expect(await refusal(strict.fetch(`${images.origin}/to-private`))).toBe(M.privateAddress);
  });

  it('says when a host name does not resolve', async () => {
    const unknown = fetcher({ resolve: resolverOf({}) });
    expect(await refusal(unknown.fetch('http://nowhere.example.test/photo.jpg'))).toBe(M.hostNotFound);
  });

  it('never has more than 4 downloads open at once, however many are asked for', async () => {
    const held: ServerResponse[] = [];
    images.route('/held.jpg', holdingRoute(held));
    const shared = fetcher();
    const all = Promise.all(Array.from({ length: 10 }, (_, at) => shared.fetch(`${images.origin}/held.jpg?n=${at}`)));
    for (const batch of [4, 4, 2]) {
      await vi.waitFor(() => expect(held).toHaveLength(batch));
      for (const response of held.splice(0)) {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(photo);
      }
    }
    expect(await all).toHaveLength(10);
    expect(images.maxActive).toBe(4);
  });

  it('stops at once when the import is cancelled, the download open and those waiting for their turn', async () => {
    const held: ServerResponse[] = [];
    images.route('/held.jpg', holdingRoute(held));
    const shared = fetcher();
    const cancel = new AbortController();
    const fetches = Array.from({ length: 6 }, (_, at) =>
      shared.fetch(`${images.origin}/held.jpg?n=${at}`, cancel.signal).then(
        () => 'fetched',
        (error: unknown) => error,
      ),
    );
    await vi.waitFor(() => expect(held).toHaveLength(4));
    cancel.abort(new DOMException('导入已取消', 'AbortError'));
    const outcomes = await Promise.all(fetches);
    for (const outcome of outcomes) expect((outcome as DOMException).name).toBe('AbortError');
    await vi.waitFor(() => expect(images.closedEarly).toHaveLength(4));
    // The two that waited never reached the server.
    expect(images.requests).toHaveLength(4);
  });
});

describe('private addresses', () => {
  it('covers loopback, private, link-local, unique-local, CGNAT, multicast, unspecified and IPv4-mapped ones', () => {
    const blocked = ['127.0.0.1', '10.0.0.8', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '224.0.0.251'];
    blocked.push('0.0.0.0', '255.255.255.255', '::1', '::', 'fe80::1', 'fd12:3456::1', 'ff02::1', '::ffff:127.0.0.1');
    blocked.push('::ffff:a00:1', '64:ff9b::c0a8:101');
    for (const address of blocked) expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it('are refused unless IMPORT_ALLOW_PRIVATE_HOSTS is true', () => {
    const load = (env: Record<string, string>) => loadConfig(env, { dotenv: false });
    expect(load({}).importAllowPrivateHosts).toBe(false);
    expect(load({ IMPORT_ALLOW_PRIVATE_HOSTS: 'true' }).importAllowPrivateHosts).toBe(true);
    expect(load({ IMPORT_ALLOW_PRIVATE_HOSTS: '1' }).importAllowPrivateHosts).toBe(true);
    expect(() => load({ IMPORT_ALLOW_PRIVATE_HOSTS: 'yes' })).toThrow(/IMPORT_ALLOW_PRIVATE_HOSTS/);
  });
});
