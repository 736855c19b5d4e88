import { afterEach, describe, expect, it } from 'vitest';
import type { BackupSettings } from '@folio/shared';
import { folderSettings, listRuns, putSettings, startBackupServer, waitForRun } from './backup-fixtures.js';
import type { BackupServer } from './backup-fixtures.js';

let backup: BackupServer | undefined;
afterEach(async () => {
  await backup?.server.close();
  backup = undefined;
});

const at = (iso: string) => () => new Date(iso);

describe('the schedule', () => {
  it('runs a schedule missed while the server was down at start, once', async () => {
    backup = await startBackupServer({ backups: { clock: at('2026-01-01T00:00:00.000Z') } });
    const dataDir = backup.server.dataDir;
    const saved = await putSettings(backup, folderSettings('backups', { schedule: { frequency: 'daily', time: '03:30' } }));
    expect((saved.data as BackupSettings).next_run_at).toBe('2026-01-01T03:30:00.000Z');
    await backup.server.stop();

    // Down past the first due time: the next start owes that run.
    backup = await startBackupServer({ dataDir, backups: { clock: at('2026-01-03T10:00:00.000Z') } });
    const missed = await waitForRun(backup, (run) => run.trigger === 'missed' && run.status !== 'running');
    expect(missed).toMatchObject({ status: 'succeeded', started_at: '2026-01-03T10:00:00.000Z' });
    await backup.server.stop();

    // Started again the same day: that due time is covered.
    backup = await startBackupServer({ dataDir, backups: { clock: at('2026-01-03T11:00:00.000Z') } });
    expect((await listRuns(backup)).map((run) => run.trigger)).toEqual(['missed']);
  });

  it('owes nothing before the first due time after the schedule was set, nor when it is off', async () => {
    backup = await startBackupServer({ backups: { clock: at('2026-01-01T00:00:00.000Z') } });
    const dataDir = backup.server.dataDir;
    await putSettings(backup, folderSettings('backups', { schedule: { frequency: 'weekly', time: '03:30', weekday: 1 } }));
    await backup.server.stop();
    // 2026-01-04 is a Sunday: the first Monday 03:30 has not come yet.
    backup = await startBackupServer({ dataDir, backups: { clock: at('2026-01-04T23:00:00.000Z') } });
    expect(await listRuns(backup)).toEqual([]);
    await putSettings(backup, folderSettings('backups'));
    await backup.server.stop();
    backup = await startBackupServer({ dataDir, backups: { clock: at('2026-02-01T00:00:00.000Z') } });
    expect(await listRuns(backup)).toEqual([]);
  });
});
