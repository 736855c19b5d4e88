import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { ImageSizesService } from '../../src/services/image-sizes.service.js';
import { IMAGE_SIZES_DIR, ImageSizesRepository } from '../../src/store/image-sizes.repository.js';
import { Store } from '../../src/store/store.js';
import { UploadsRepository } from '../../src/store/uploads.repository.js';
import { jpegWithGps } from '../fixtures/photos.js';

let dataDir: string;
let store: Store;
let service: ImageSizesService | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-image-sizes-'));
  store = await Store.open(dataDir);
});
afterEach(async () => {
  await service?.stop();
  service = undefined;
  await store.flush();
  await rm(dataDir, { recursive: true, force: true });
});

/** The image-sizes service on the real data directory, with its repositories for a test to break. */
async function openImageSizes() {
  const sizes = await ImageSizesRepository.open(dataDir);
  const uploads = new UploadsRepository(store, sizes);
  service = new ImageSizesService(sizes, uploads, createLogger('silent'), { firstRetryDelayMs: 20 });
  return { service, sizes, uploads };
}

const putUpload = async (filename: string, bytes: Buffer) => writeFile(path.join(store.uploadsDir, filename), bytes);

/** A system call's failure as Node reports it. */
function systemError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

describe('image sizes on a failing disk', () => {
  it('takes a full disk while writing the sizes for no fault of the image: it tries again and the sizes appear', async () => {
    await putUpload('photo.jpg', await jpegWithGps());
    const { service, sizes } = await openImageSizes();
    const record = vi.spyOn(sizes, 'record').mockRejectedValueOnce(systemError('ENOSPC', 'no space left on device, write'));

    await service.catchUp();
    await service.whenIdle();
    // The failed attempt recorded nothing: no manifest saying the upload is unreadable.
    expect(record).toHaveBeenCalledTimes(1);
    expect(sizes.get('photo.jpg')).toBeUndefined();

    await vi.waitFor(() => expect(service.facts('photo.jpg')?.sizes).toHaveLength(2), { timeout: 5000 });
    expect(sizes.get('photo.jpg')?.unreadable).toBe(false);
    expect(service.isKnownClean('photo.jpg')).toBe(true);
  });

  it('tries again after too many open files while reading the upload', async () => {
    await putUpload('photo.jpg', await jpegWithGps());
    const { service, uploads } = await openImageSizes();
    vi.spyOn(uploads, 'read').mockRejectedValueOnce(systemError('EMFILE', 'too many open files, open'));

    await service.catchUp();
    await vi.waitFor(() => expect(service.facts('photo.jpg')?.sizes).toHaveLength(2), { timeout: 5000 });
    expect((await sharp(await readFile(path.join(store.uploadsDir, 'photo.jpg'))).metadata()).exif).toBeUndefined();
  });

  it('processes again an upload an older server recorded as unreadable, since that may have been a full disk', async () => {
    await putUpload('photo.jpg', await jpegWithGps());
    const manifest = { source: 'photo.jpg', width: 0, height: 0, animated: false, unreadable: true, sizes: [] };
    await mkdir(path.join(dataDir, IMAGE_SIZES_DIR), { recursive: true });
    await writeFile(path.join(dataDir, IMAGE_SIZES_DIR, 'photo.jpg.json'), JSON.stringify(manifest));
    const { service } = await openImageSizes();
    // Until it is processed again its bytes are not known to be clean.
    expect(service.isKnownClean('photo.jpg')).toBe(false);

    await service.catchUp();
    await service.whenIdle();
    expect(service.facts('photo.jpg')?.sizes).toHaveLength(2);
    expect((await sharp(await readFile(path.join(store.uploadsDir, 'photo.jpg'))).metadata()).exif).toBeUndefined();
  });
});

describe('the order uploads are processed in', () => {
  it('takes an upload a visitor asked for before the others the catch-up queued ahead of it', async () => {
    for (const name of ['first.jpg', 'second.jpg', 'third.jpg']) await putUpload(name, await jpegWithGps());
    const { service, uploads } = await openImageSizes();
    // The catch-up queues them in the folder's order; the first job is held until the request came.
    const [first, second, third] = await uploads.list();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const reads: string[] = [];
    const read = uploads.read.bind(uploads);
    vi.spyOn(uploads, 'read').mockImplementation(async (filename) => {
      reads.push(filename);
      if (reads.length === 1) await held;
      return read(filename);
    });

    try {
      await service.catchUp();
      await vi.waitFor(() => expect(reads).toEqual([first]));
      service.processSoon(third ?? '');
    } finally {
      release();
    }
    await service.whenIdle();
    expect(reads).toEqual([first, third, second]);
    for (const name of [first, second, third]) expect(service.isKnownClean(name ?? '')).toBe(true);
  });

  it('queues an upload a visitor asked for that the catch-up has not queued', async () => {
    const { service } = await openImageSizes();
    await putUpload('restored.jpg', await jpegWithGps());
    service.processSoon('restored.jpg');
    await service.whenIdle();
    expect(service.isKnownClean('restored.jpg')).toBe(true);
    expect(service.facts('restored.jpg')?.sizes).toHaveLength(2);
  });
});
