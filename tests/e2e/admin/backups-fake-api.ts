import type { Page, Route } from '@playwright/test';
import type { BackupRun, BackupSettings, BackupSettingsUpdate, RemoteBackup } from '@folio/shared';

/**
 * A stand-in for the backup routes of server/API.md §E22, answered in the page (`page.route`), for
 * the screen's states a real server reaches only slowly or by breaking a target: a run that
 * failed, an encrypted backup with a wrong passphrase, every kind of target at once.
 */
export interface FakeBackupApi {
  settings: BackupSettings;
  runs: BackupRun[];
  remote: Record<string, RemoteBackup[]>;
  /** Each `PUT` body, as sent. */
  updates: BackupSettingsUpdate[];
  /** Each restore body, as sent. */
  restores: unknown[];
  /** When the status says the failed run is tried again; null once the retry is over. */
  retryAt: string | null;
}

const ok = (route: Route, data: unknown) => route.fulfill({ json: { code: 0, msg: 'ok', data } });
const fail = (route: Route, status: number, msg: string, errors?: { field: string; msg: string }[]) =>
  route.fulfill({ status, json: { code: 1, msg, error: 'validation_failed', ...(errors ? { data: { errors } } : {}) } });

export function buildRun(fields: Partial<BackupRun> = {}): BackupRun {
  return {
    id: 'run-1',
    trigger: 'scheduled',
    status: 'succeeded',
    started_at: '2026-11-29T03:30:00.000Z',
    finished_at: '2026-11-29T03:30:04.000Z',
    name: 'folio-site-20261129T033000.000Z.json.gz.age',
    size: 3_456_789,
    sha256: 'a'.repeat(64),
    encrypted: true,
    targets: [{ target: 'home', status: 'succeeded', error: null, verified: true }],
    ...fields,
  };
}

export async function fakeBackupApi(page: Page, initial: Partial<FakeBackupApi> = {}): Promise<FakeBackupApi> {
  const state: FakeBackupApi = {
    settings: {
      schedule: { frequency: 'off', time: '03:30' },
      keep: 7,
      targets: [],
      passphrase: { set: false },
      time_zone: 'Asia/Shanghai',
      next_run_at: null,
      ...initial.settings,
    },
    runs: initial.runs ?? [],
    remote: initial.remote ?? {},
    updates: [],
    restores: [],
    retryAt: initial.retryAt ?? null,
  };
  await page.route('**/api/admin/settings/backups', async (route) => {
    if (route.request().method() === 'GET') return ok(route, state.settings);
    const update = route.request().postDataJSON() as BackupSettingsUpdate;
    state.updates.push(update);
    const missing = update.targets.findIndex((target) => target.kind === 'folder' && target.path.trim() === '');
    if (missing >= 0)
      return fail(route, 400, '请填写文件夹路径', [{ field: `targets.${missing}.path`, msg: '请填写文件夹路径' }]);
    state.settings = {
      ...state.settings,
      schedule: update.schedule,
      keep: update.keep,
      targets: update.targets.map((target) => {
        if (target.kind === 'webdav') return { ...target, password: { set: typeof target.password === 'string' } };
        if (target.kind === 's3') return { ...target, secret_access_key: { set: typeof target.secret_access_key === 'string' } };
        return target;
      }),
      passphrase: { set: update.passphrase === undefined ? state.settings.passphrase.set : update.passphrase !== null },
      next_run_at: update.schedule.frequency === 'off' ? null : '2026-11-30T19:30:00.000Z',
    };
    return ok(route, state.settings);
  });
  await page.route('**/api/admin/backups/remote?*', (route) => {
    const target = new URL(route.request().url()).searchParams.get('target') ?? '';
    return ok(route, state.remote[target] ?? []);
  });
  await page.route('**/api/admin/backups/restore', (route) => {
    const body = route.request().postDataJSON() as { passphrase?: string };
    state.restores.push(body);
    if (body.passphrase !== 'correct horse') return fail(route, 400, '口令不对，无法解密这个备份；站点没有改变。');
    return ok(route, { restored: true });
  });
  await page.route('**/api/admin/backups/run', (route) => {
    const run = buildRun({
      id: `run-${state.runs.length + 1}`,
      trigger: 'manual',
      status: 'running',
      finished_at: null,
      targets: [],
    });
    state.runs = [run, ...state.runs];
    return route.fulfill({ status: 202, json: { code: 0, msg: 'ok', data: run } });
  });
  await page.route('**/api/admin/backups', (route) => ok(route, state.runs));
  await page.route('**/api/admin/backups/status', (route) => {
    // As the server answers it: the newest finished run, a safety backup aside, when it failed.
    const finished = state.runs.filter((run) => run.status !== 'running' && run.trigger !== 'safety');
    const newest = [...finished].sort((a, b) => b.started_at.localeCompare(a.started_at))[0];
    return ok(route, {
      running: state.runs.find((run) => run.status === 'running') ?? null,
      failure: newest?.status === 'failed' ? newest : null,
      retry_at: state.retryAt,
      last_success_at: null,
      next_run_at: state.settings.next_run_at,
    });
  });
  return state;
}
