import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { ArticlesApi } from '../../src/core/articles-api.js';
import { DraftImages } from '../../src/core/draft-images.js';
import { DraftStore } from '../../src/core/draft-store.js';
import { SyncEngine } from '../../src/core/sync.js';
import type { LoopbackProxy } from './loopback-proxy.js';

export const PROFILE_ID = 'profile-under-test';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid PNG, `width` x `height`, painted in a gradient from shade `seed`: different seeds,
 * different images (and hashes). 1x1 unless a test needs an image one can see.
 */
export function pngBytes(seed: number, width = 1, height = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) {
      rows.push((seed + x) % 256, (seed * 7 + y) % 256, (seed * 13 + ((x + y) >> 1)) % 256);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG's signature over bytes no decoder can read: this side takes it, the server refuses it. */
export function brokenPng(): Buffer {
  return Buffer.concat([pngBytes(0).subarray(0, 16), Buffer.from('这不是图片的数据')]);
}

/** Body-image uploads that reached the server through the proxy. */
export function uploadsSeen(proxy: LoopbackProxy): number {
  return proxy.seen.filter((request) => request === 'POST /api/admin/articles/images').length;
}

export interface ImagesWorkspace {
  dir: string;
  imagesDir: string;
  drafts: DraftStore;
  images: DraftImages;
  sync: SyncEngine;
}

/** Drafts, kept images (no grace: the tests decide when a link is gone) and the sync over `api`. */
export async function openImagesWorkspace(api: ArticlesApi): Promise<ImagesWorkspace> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-draft-images-'));
  const imagesDir = path.join(dir, 'drafts', 'images');
  const drafts = await DraftStore.open(path.join(dir, 'drafts'));
  const images = await DraftImages.open(imagesDir, { profileId: PROFILE_ID, graceMs: 0 });
  return { dir, imagesDir, drafts, images, sync: new SyncEngine({ drafts, api, images }) };
}
