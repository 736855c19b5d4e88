import { MB } from '../../channels';
import type { MirrorStatus } from '../../channels';
import { openArticle, refreshMirror } from '../../core/mirror';
import type { Mirror } from '../../core/mirror';
import { createFillScheduler, fillMirror } from '../../core/mirror-fill';
import { SettingsStore } from '../../core/settings';
import type { HandlerContext, Handlers, Workspace } from './handler-context';

/** Besides sign-in and the server coming back, a signed-in app online refills its mirror this often. */
const FILL_INTERVAL_MS = 5 * 60_000;
/** Between two bodies of a fill: one request at a time, never crowding the owner's own calls. */
const FILL_PAUSE_MS = 50;
/** During a fill, the renderer hears of the progress at most this often. */
const PROGRESS_EVENT_MS = 1_000;

/**
 * mirror.*: the local copy of the server's articles. It fills itself in the background while
 * the app is online and signed in (at sign-in, when the server answers again, and on the slow
 * clock of the connectivity watch's reports), bounded by the size in the settings; the
 * renderer hears of it through the `mirror` event.
 */
export function createMirrorHandlers(context: HandlerContext): {
  handlers: Handlers['mirror'];
  /** Ends the background fill: the pass under way stops before its next body; none starts after. */
  stop(): Promise<void>;
} {
  const { connectivity, profiles, vault } = context.deps;
  let settings: Promise<SettingsStore> | undefined;
  const openSettings = () => (settings ??= SettingsStore.open(context.deps.dataDir));
  let filling = false;
  let stopped = false;

  /** The active profile's workspace, its mirror held to the bound the settings give. */
  const activeWorkspace = async (): Promise<Workspace> => {
    const work = await context.workspace();
    await work.mirror.setLimit((await openSettings()).get().mirrorLimitMb * MB);
    return work;
  };
  const statusOf = (mirror: Mirror): MirrorStatus => ({ ...mirror.status(), filling });
  /** Before any server is saved: nothing mirrored yet, under the bound of the settings. */
  const emptyStatus = async (): Promise<MirrorStatus> => ({
    syncedAt: null,
    articleCount: 0,
    bodyCount: 0,
    bytesUsed: 0,
    limitBytes: (await openSettings()).get().mirrorLimitMb * MB,
    filling: false,
  });
  const emitStatus = (mirror: Mirror) => context.deps.emit('mirror', statusOf(mirror));

  const fillActive = async () => {
    const active = profiles.active();
    if (!active || vault.getToken(active.id) === undefined) return;
    const work = await activeWorkspace();
    let lastEvent = 0;
    filling = true;
    try {
      const outcome = await fillMirror(work.api, work.mirror, {
        pause: () => new Promise((resolve) => setTimeout(resolve, FILL_PAUSE_MS)),
        stillWanted: () => !stopped && profiles.active()?.id === active.id && vault.getToken(active.id) !== undefined,
        onProgress: () => {
          if (Date.now() - lastEvent < PROGRESS_EVENT_MS) return;
          lastEvent = Date.now();
          emitStatus(work.mirror);
        },
      });
      if (outcome === 'offline' && profiles.active()?.id === active.id) connectivity.report(false);
    } finally {
      filling = false;
      emitStatus(work.mirror);
    }
  };
  const scheduler = createFillScheduler({ fill: fillActive, intervalMs: FILL_INTERVAL_MS });
  connectivity.onReport(({ online, cameOnline }) => {
    if (online) scheduler.request({ force: cameOnline });
  });

  const handlers: Handlers['mirror'] = {
    list: async () => {
      const work = await activeWorkspace();
      return { articles: work.mirror.list(), online: connectivity.online, status: statusOf(work.mirror) };
    },
    get: async ({ id }) => {
      const work = await activeWorkspace();
      const opened = await openArticle(work.api, work.mirror, id);
      connectivity.report(opened === undefined || opened.source === 'server');
      return opened ?? null;
    },
    refresh: async () => {
      const work = await activeWorkspace();
      const { online } = await refreshMirror(work.api, work.mirror);
      connectivity.report(online);
      // The list is fresh now; the bodies it lacks follow in the background.
      if (online) scheduler.request({ force: true });
      return { articles: work.mirror.list(), online, status: statusOf(work.mirror) };
    },
    status: async () => (profiles.active() ? statusOf((await activeWorkspace()).mirror) : emptyStatus()),
    setLimit: async ({ limitMb }) => {
      await (await openSettings()).save({ mirrorLimitMb: limitMb });
      if (!profiles.active()) return emptyStatus();
      const work = await activeWorkspace();
      emitStatus(work.mirror);
      // A higher bound has room for bodies left out before.
      if (connectivity.online) scheduler.request({ force: true });
      return statusOf(work.mirror);
    },
  };
  return {
    handlers,
    stop: async () => {
      stopped = true;
      scheduler.stop();
      await scheduler.idle();
    },
  };
}
