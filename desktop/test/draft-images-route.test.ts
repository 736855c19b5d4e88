import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftImagesDir, DraftImages } from '../src/core/draft-images';
import { APP_ORIGIN } from '../src/main/app-origin';
import { createAppProtocolHandler } from '../src/main/app-protocol';
import { contentSecurityPolicy } from '../src/main/csp';
import { createDraftImageFilesHandler } from '../src/main/draft-image-files';
import { pngBytes } from './support/draft-images-workspace';

/**
 * The images kept with offline drafts, as the page loads them: `app://folio/draft-images/...`,
 * read-only, content-named image files of a saved profile and nothing else on the disk.
 */
const PROFILE = 'b6a0c2d4-1f3e-4c5a-9e7b-2d8f0a1c3e5b';
let dataDir: string;
let keptName: string;
let serve: (request: Request) => Promise<Response>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'folio-draft-route-'));
  const dir = draftImagesDir(dataDir, PROFILE);
  const images = await DraftImages.open(dir, { profileId: PROFILE });
  keptName = (await images.keep(pngBytes(9))).name;
  // Files beside and above the images that no request may reach.
  await writeFile(path.join(dir, 'secret.png'), pngBytes(10));
  await writeFile(path.join(dataDir, 'tokens.json'), '{"token":"secret"}');
  await mkdir(path.join(dataDir, 'profiles', 'other'), { recursive: true });
  serve = createAppProtocolHandler({
    rendererDir: path.join(dataDir, 'renderer'),
    contentSecurityPolicy: () => contentSecurityPolicy(APP_ORIGIN, []),
    draftImages: createDraftImageFilesHandler({ dataDir, hasProfile: (id) => id === PROFILE }),
  });
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const get = (pathAndQuery: string, method = 'GET') => serve(new Request(`${APP_ORIGIN}${pathAndQuery}`, { method }));

describe('app://folio/draft-images/', () => {
  it('serves a kept image with its type, never sniffed', async () => {
    const answer = await get(`/draft-images/${PROFILE}/${keptName}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await answer.arrayBuffer()).equals(pngBytes(9))).toBe(true);
  });

  it('sends an image whose file went after its upload to the server copy', async () => {
    const uploaded = `${'a'.repeat(64)}.png`;
    await writeFile(path.join(draftImagesDir(dataDir, PROFILE), `${uploaded}.uploaded`), '/uploads/abc.png');
    const answer = await get(`/draft-images/${PROFILE}/${uploaded}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/server-files/${PROFILE}/uploads/abc.png`);
  });

  it('answers 404 to every other name, profile or escape, and 405 to writes', async () => {
    const hostile = [
      `/draft-images/${PROFILE}/secret.png`,
      `/draft-images/${PROFILE}/${keptName.replace('.png', '.svg')}`,
      `/draft-images/${PROFILE}/${keptName.toUpperCase()}`,
      `/draft-images/${PROFILE}/${'0'.repeat(64)}.png`,
      `/draft-images/${PROFILE}/..%2F..%2F..%2Ftokens.json`,
      `/draft-images/${PROFILE}%2F..%2F..%2F..%2Ftokens.json/${keptName}`,
      `/draft-images/..%2F..%2Ftokens.json/${keptName}`,
      `/draft-images/${PROFILE}/../../tokens.json`,
      `/draft-images/other/${keptName}`,
      `/draft-images/${PROFILE}/sub/${keptName}`,
      `/draft-images/${PROFILE}/${keptName}%00.png`,
      `/draft-images/${PROFILE}`,
      '/draft-images/',
    ];
    for (const url of hostile) expect((await get(url)).status, url).toBe(404);
    expect((await get(`/draft-images/${PROFILE}/${keptName}`, 'PUT')).status).toBe(405);
  });
});
