import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BackupRun } from '@folio/shared';
import { channelTable } from '../../src/channels';
import type { EventName, EventPayload, HomeBackupsStatus } from '../../src/channels';
import { ProfileStore } from '../../src/core/profiles';
import { TokenVault } from '../../src/core/token-vault';
import { createConnectivity } from '../../src/main/connectivity';
import { createDispatcher } from '../../src/main/dispatch';
import type { Dispatch } from '../../src/main/dispatch';
import { createDesktopServices } from '../../src/main/desktop-services';
import type { DesktopServices } from '../../src/main/desktop-services';
import { ADMIN_PASSWORD, ADMIN_USERNAME, apiClient, startTestServer } from '../../../tests/support/test-server';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server';
import { fakeSafeStorage } from '../support/fake-safe-storage';

/**
 * backups.* through the dispatcher, as the preload calls it, against the real server: the copy at
 * home, the notice of a failed run, and the restore of a local file. Only the native dialogs,
 * shell.openPath and the notification are stand-ins.
 */
let server: TestServer;
let api: ReturnType<typeof apiClient>;
let token: string;
let root: string;
let dataDir: string;
let documentsDir: string;
let services: DesktopServices;
let call: Dispatch;
let notices: { title: string; body: string }[];
let opened: string[];
let pickedFile: string | undefined;

beforeAll(async () => {
  // A failed run is tried again at once here, instead of a minute later.
  server = await startTestServer({ backups: { retryDelayMs: 20 } });
  api = apiClient(server.url);
  token = await server.login();
  root = await mkdtemp(path.join(tmpdir(), 'folio-backup-glue-'));
});
afterAll(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

let counter = 0;
beforeEach(async () => {
  counter += 1;
  dataDir = path.join(root, `app-${counter}`);
  documentsDir = path.join(root, `documents-${counter}`);
  notices = [];
  opened = [];
  pickedFile = undefined;
  const profiles = await ProfileStore.open(dataDir);
  const vault = await TokenVault.open({ dir: dataDir, safeStorage: fakeSafeStorage('gnome_libsecret'), platform: 'linux' });
  const emit = <E extends EventName>(_event: E, _payload: EventPayload<E>) => undefined;
  services = createDesktopServices({
    dataDir,
    profiles,
    vault,
    connectivity: createConnectivity(() => undefined),
    emit,
    dialogs: { pickFiles: async () => [], pickFolder: async () => [] },
    notify: (notice) => {
      notices.push({ title: notice.title, body: notice.body });
      return { shown: true };
    },
    homeBackups: {
      documentsDir,
      openPath: async (folder) => {
        opened.push(folder);
        return '';
      },
      pickFolder: async () => undefined,
      pickBackupFile: async () => pickedFile,
    },
  });
  call = createDispatcher(channelTable, services.handlers);
  const signedIn = await call('session.signIn', {
    serverUrl: server.url,
    username: ADMIN_USERNAME,
    password: ADMIN_PASSWORD,
    remember: false,
  });
  expect(signedIn.ok).toBe(true);
  return async () => {
    await services.settleDrafts();
  };
});

async function data<T>(name: string, arg?: unknown): Promise<T> {
  const reply = await call(name, arg);
  if (!reply.ok) throw new Error(`${name}: ${reply.error.code} ${reply.error.message}`);
  return reply.data as T;
}

async function backUpTo(folder: string): Promise<BackupRun> {
  const saved = await api('PUT', '/api/admin/settings/backups', {
    token,
    json: { schedule: { frequency: 'off', time: '03:30' }, keep: 7, targets: [{ id: 'disk', kind: 'folder', path: folder }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const started = await api<EnvelopeBody>('POST', '/api/admin/backups/run', { token });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const id = (started.body.data as BackupRun).id;
  for (;;) {
    const status = (await api<EnvelopeBody>('GET', '/api/admin/backups/status', { token })).body.data as {
      running: unknown;
      retry_at: string | null;
    };
    const runs = (await api<EnvelopeBody>('GET', '/api/admin/backups', { token })).body.data as BackupRun[];
    const run = runs.find((candidate) => candidate.id === id);
    // Done when the run and any retry of it are over.
    if (run && run.status !== 'running' && status.running === null && status.retry_at === null) return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the copy at home through the bridge', () => {
  it('brings the newest backup into Documents/Folio 备份 and opens that folder', async () => {
    const run = await backUpTo(path.join(root, `server-${counter}`));
    expect(run.status).toBe('succeeded');
    const status = await data<HomeBackupsStatus>('backups.copyNow');
    const folder = path.join(documentsDir, 'Folio 备份');
    expect(status).toMatchObject({ folder, keep: 7, copying: false, error: null, last: { name: run.name, size: run.size } });
    expect(await readdir(folder)).toEqual([run.name]);
    expect(notices).toEqual([]);

    await expect(call('backups.openFolder', undefined)).resolves.toEqual({ ok: true, data: { ok: true } });
    expect(opened).toEqual([folder]);
  });

  it('keeps as many copies as the owner says, and refuses a count that is not one', async () => {
    await expect(call('backups.setKeep', { keep: 0 })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: expect.stringContaining('保留份数必须是 1 到 100 之间的整数') as unknown },
    });
    expect(await data<HomeBackupsStatus>('backups.setKeep', { keep: 1 })).toMatchObject({ keep: 1 });
    const serverFolder = path.join(root, `server-${counter}`);
    await backUpTo(serverFolder);
    await data('backups.copyNow');
    const newest = await backUpTo(serverFolder);
    await data('backups.copyNow');
    expect(await readdir(path.join(documentsDir, 'Folio 备份'))).toEqual([newest.name]);
  });

  it('tells the owner natively once when a run failed and its retry failed too', async () => {
    const notAFolder = path.join(root, `file-${counter}`);
    await writeFile(notAFolder, 'x');
    const run = await backUpTo(notAFolder);
    expect(run.status).toBe('failed');
    await data('backups.copyNow');
    await data('backups.copyNow');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toBe('Folio 备份失败');
    expect(notices[0]?.body).toMatch(/^最近一次备份失败：disk：/);
  });

  it('sends only a file picked in the dialog, and says what the server answered', async () => {
    const elsewhere = path.join(root, `elsewhere-${counter}.json.gz`);
    await writeFile(elsewhere, 'not gzip');
    await expect(call('backups.restoreLocal', { path: elsewhere })).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: '请先选择要恢复的备份文件' },
    });

    pickedFile = elsewhere;
    expect(await data('backups.pickLocalFile')).toEqual({ path: elsewhere, name: path.basename(elsewhere), encrypted: false });
    const refused = await call('backups.restoreLocal', { path: elsewhere });
    expect(refused).toMatchObject({ ok: false, error: { code: 'server-error' } });
    expect(refused.ok ? '' : refused.error.message).toMatch(/[\u4e00-\u9fff]/);

    pickedFile = path.join(root, 'notes.txt');
    await expect(call('backups.pickLocalFile', undefined)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid-argument', message: '这不是 Folio 的备份文件（.json.gz、.json.gz.age 或导出的 .json）' },
    });
  });
});
