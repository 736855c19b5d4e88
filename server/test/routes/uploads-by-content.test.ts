import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer, apiClient } from '../../../tests/support/test-server.js';
import { buildImage, imageForm, pixelsOf } from '../fixtures/images.js';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;

beforeAll(async () => {
  ({ server, api, token } = await startSignedIn());
});
afterAll(() => server.close());

const storedFiles = async () => (await readdir(path.join(server.dataDir, 'uploads'))).filter((name) => !name.startsWith('.'));

async function upload(endpoint: string, bytes: Buffer, fileName = 'photo.png'): Promise<string> {
  const response = await api<EnvelopeBody>('POST', endpoint, { token, body: imageForm(bytes, fileName) });
  expect(response.status).toBe(201);
  return (response.body.data as { filename: string }).filename;
}

async function uploadLog(): Promise<string[]> {
  const log = JSON.parse(await readFile(path.join(server.dataDir, 'upload-log.json'), 'utf8')) as {
    items: { filename: string }[];
  };
  return log.items.map((entry) => entry.filename);
}

describe('cover and body images are stored once by content', () => {
  it('answers the stored file for the same bytes, whatever the endpoint or file name, and a new file for other bytes', async () => {
    const photo = buildImage('png');
    const before = await storedFiles();
    const first = await upload('/api/admin/articles/images', photo, 'photo1.png');
    const again = await upload('/api/admin/articles/images', photo, 'copy-of-photo1.png');
    const asCover = await upload('/api/admin/articles/cover', photo, 'cover.png');
    expect(again).toBe(first);
    expect(asCover).toBe(first);
    const other = await upload('/api/admin/articles/images', buildImage('png'));
    expect(other).not.toBe(first);
    expect((await storedFiles()).filter((name) => !before.includes(name)).sort()).toEqual([first, other].sort());
    const stored = await readFile(path.join(server.dataDir, 'uploads', first));
    expect(await pixelsOf(stored)).toEqual(await pixelsOf(photo));
    // Logged once, so the start-up sweep still judges it like any other upload.
    expect((await uploadLog()).filter((name) => name === first)).toHaveLength(1);
    const served = await fetch(`${server.url}/uploads/${first}`);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(stored);
  });

  it('keeps an avatar in a file of its own, since deleting the avatar deletes its file', async () => {
    const photo = buildImage('png');
    const bodyImage = await upload('/api/admin/articles/images', photo);
    const avatar = await api<EnvelopeBody>('POST', '/api/admin/avatars', { token, body: imageForm(photo) });
    expect(avatar.status).toBe(201);
    const avatarFile = (avatar.body.data as { filename: string }).filename;
    expect(avatarFile).not.toBe(bodyImage);
    const removed = await api<EnvelopeBody>('DELETE', `/api/admin/avatars/${(avatar.body.data as { id: number }).id}`, { token });
    expect(removed.status).toBe(200);
    expect((await fetch(`${server.url}/uploads/${bodyImage}`)).status).toBe(200);
  });
});
