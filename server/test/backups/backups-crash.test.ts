import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, login } from '../../../tests/support/test-server.js';
import { PROCESS_ADMIN_PASSWORD, PROCESS_JWT_SECRET } from '../support/server-process.js';
import { folderSettings, listRuns, startBackupServer } from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const tsxLoader = pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;
const slowServer = path.join(import.meta.dirname, 'slow-backup-server.ts');

let parent: string | undefined;
let restarted: BackupServer | undefined;
afterEach(async () => {
  await restarted?.server.stop();
  if (parent) await rm(parent, { recursive: true, force: true });
  restarted = undefined;
  parent = undefined;
});

describe('a backup killed mid-upload', () => {
  it('leaves no partial archive counted as a backup and no temp file after the next start', async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'folio-backup-kill-'));
    const dataDir = path.join(parent, 'data');
    const folder = path.join(parent, 'backups');
    await mkdir(dataDir);
    // Node itself with the tsx loader (not the tsx CLI, a second process a SIGKILL would orphan).
    const child = spawn(process.execPath, ['--import', tsxLoader, slowServer], {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '',
        TZ: 'UTC',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: PROCESS_ADMIN_PASSWORD,
        JWT_SECRET: PROCESS_JWT_SECRET,
        LOG_LEVEL: 'info',
        CODE_HOST_API_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const waitFor = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${String(pattern)} in:\n${output}`)), 30_000);
        const check = (chunk?: Buffer) => {
          if (chunk) output += chunk.toString('utf8');
          const match = pattern.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match);
          }
        };
        child.stdout.on('data', check);
        child.stderr.on('data', check);
        check();
      });
    try {
      const url = (await waitFor(/listening on (http:\/\/[^\s]+)/))[1] as string;
      const token = await login(url, { username: 'admin', password: PROCESS_ADMIN_PASSWORD });
      const api = apiClient(url);
      expect((await api('PUT', '/api/admin/settings/backups', { token, json: folderSettings('backups') })).status).toBe(200);
      expect((await api('POST', '/api/admin/backups/run', { token })).status).toBe(202);
      await waitFor(/upload stalled: (\S+)/);
      expect((await readdir(folder)).some((name) => name.endsWith('.partial'))).toBe(true);
      expect(await readdir(path.join(dataDir, 'backup-tmp'))).not.toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');

    restarted = await startBackupServer({ dataDir });
    expect(await readdir(folder)).toEqual([]);
    await expect(readdir(path.join(dataDir, 'backup-tmp'))).rejects.toThrow();
    const [run] = await listRuns(restarted);
    expect(run).toMatchObject({
      status: 'failed',
      targets: [{ target: 'disk', status: 'failed', error: '服务器在备份完成前停止了，这次备份没有完成', verified: false }],
    });
    const status = await restarted.api('GET', '/api/admin/backups/status', { token: restarted.token });
    expect(status.body).toMatchObject({ data: { failure: { id: run?.id } } });
  }, 90_000);
});
