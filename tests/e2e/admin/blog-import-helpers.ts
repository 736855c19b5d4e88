import type { Page, Request, WebSocketRoute } from '@playwright/test';
import type { BlogImportJob, BlogImportPhase, BlogImportReport } from '@folio/shared';
import { BLOG_IMPORT_PHASES, emptyBlogImportReport } from '@folio/shared';

export const JOB_ID = 'imp_test_1';

export function buildReport(fields: Partial<BlogImportReport> = {}): BlogImportReport {
  return emptyBlogImportReport({ format: 'wordpress', ...fields });
}

/**
 * A job snapshot at `phase` with `done` of `total`: the phases before it complete with the totals
 * given in `totals` (1 when not given).
 */
export function buildJob(
  phase: BlogImportPhase,
  done: number,
  total: number,
  fields: Partial<BlogImportJob> = {},
  totals: Partial<Record<BlogImportPhase, number>> = {},
): BlogImportJob {
  const reached = BLOG_IMPORT_PHASES.indexOf(phase);
  const phases = BLOG_IMPORT_PHASES.slice(0, reached + 1).map((name, index) =>
    index < reached ? { phase: name, done: totals[name] ?? 1, total: totals[name] ?? 1 } : { phase: name, done, total },
  );
  return {
    id: JOB_ID,
    status: 'running',
    phase,
    done,
    total,
    phases,
    error: null,
    report: buildReport(),
    started_at: '2026-11-29T09:00:00.000Z',
    finished_at: null,
    ...fields,
  };
}

const envelope = (data: unknown) => ({ code: 0, msg: 'success', data });

export interface FakeImports {
  /** What the next GET (and the cancel answer, unless set) returns. */
  current: BlogImportJob;
  /** What POST …/cancel answers; the current job when null. */
  cancelAnswer: BlogImportJob | null;
  /** An error answer for the start, instead of the job. */
  startError: { status: number; msg: string } | null;
  starts: Request[];
  cancels: Request[];
  gets: number;
}

/** The import routes of server/API.md §E21 answered by the test instead of the server. */
export async function fakeImportRoutes(page: Page, first: BlogImportJob): Promise<FakeImports> {
  const fake: FakeImports = { current: first, cancelAnswer: null, startError: null, starts: [], cancels: [], gets: 0 };
  await page.route('**/api/admin/imports', async (route) => {
    fake.starts.push(route.request());
    if (fake.startError) {
      await route.fulfill({
        status: fake.startError.status,
        json: { code: fake.startError.status, msg: fake.startError.msg, data: null },
      });
      return;
    }
    await route.fulfill({ status: 202, json: envelope(fake.current) });
  });
  await page.route(`**/api/admin/imports/${JOB_ID}`, async (route) => {
    fake.gets += 1;
    await route.fulfill({ json: envelope(fake.current) });
  });
  await page.route(`**/api/admin/imports/${JOB_ID}/cancel`, async (route) => {
    fake.cancels.push(route.request());
    await route.fulfill({ json: envelope(fake.cancelAnswer ?? fake.current) });
  });
  return fake;
}

/** No admin socket at all: the screen has to poll (the WebSocket and the polling transport both fail). */
export async function blockAdminSocket(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
  await page.route('**/socket.io/**', (route) => route.abort());
}

export interface FakeSocket {
  /** Sends a Socket.IO event to every connection the page has open. */
  emit(event: string, payload: unknown): void;
}

/**
 * A Socket.IO server in the test (Engine.IO 4 over the WebSocket): it opens, accepts each
 * namespace connection and sends the events the test emits, so the page hears progress the
 * import routes never return.
 */
export async function fakeAdminSocket(page: Page): Promise<FakeSocket> {
  const open = new Set<WebSocketRoute>();
  await page.route('**/socket.io/**', (route) => route.abort());
  await page.routeWebSocket(/\/socket\.io\//, (socket) => {
    socket.send(
      `0${JSON.stringify({ sid: `s${open.size}`, upgrades: [], pingInterval: 25_000, pingTimeout: 60_000, maxPayload: 1_000_000 })}`,
    );
    socket.onMessage((message) => {
      if (typeof message !== 'string') return;
      if (message.startsWith('40')) {
        socket.send(`40${JSON.stringify({ sid: `n${open.size}` })}`);
        open.add(socket);
      } else if (message === '2') {
        socket.send('3');
      }
    });
    socket.onClose(() => open.delete(socket));
  });
  return {
    emit(event, payload) {
      for (const socket of open) socket.send(`42${JSON.stringify([event, payload])}`);
    },
  };
}

/** Picks this file in 导入博客's file chooser. */
export async function chooseImportFile(page: Page, name: string, text: string, mimeType = 'application/xml'): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /选择文件|换一个文件/ }).click();
  await (await chooser).setFiles({ name, mimeType, buffer: Buffer.from(text) });
}

/** The progress bar of one phase, by its Chinese name. */
export function phaseBar(page: Page, phase: BlogImportPhase) {
  return page.getByTestId(`import-phase-${phase}`).getByRole('progressbar');
}
