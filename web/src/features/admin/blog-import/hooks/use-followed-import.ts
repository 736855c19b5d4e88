import { useCallback, useEffect, useState } from 'react';
import type { BlogImportJob } from '@folio/shared';
import { useAdminApi } from '../../hooks/admin-services';
import { useAdminPlatform } from '../../platform';
import { fetchBlogImport } from '../api/blog-import.api';
import { openImportProgressSocket } from '../live/import-progress-socket';
import { laterJob } from '../model/import-job';

/** How often a running job is asked for while no socket brings its progress. */
export const IMPORT_POLL_MS = 1000;
/** With the socket connected, a GET now and then still catches an event the socket missed. */
const IMPORT_SAFETY_POLL_MS = 5000;
/** The job the screen follows survives a reload and a visit to another admin screen. */
const FOLLOWED_JOB_KEY = 'folio-blog-import-job';

function storedJobId(): string | null {
  try {
    return window.sessionStorage.getItem(FOLLOWED_JOB_KEY);
  } catch {
    return null;
  }
}

function storeJobId(id: string | null): void {
  try {
    if (id) window.sessionStorage.setItem(FOLLOWED_JOB_KEY, id);
    else window.sessionStorage.removeItem(FOLLOWED_JOB_KEY);
  } catch {
    // Without storage the screen only forgets the job on reload; the import itself goes on.
  }
}

export interface FollowedImport {
  /** The job shown; null while the form is shown. */
  job: BlogImportJob | null;
  /** Still reading back the job followed before a reload. */
  resuming: boolean;
  /** The last progress request failed (it is retried). */
  progressFailed: boolean;
  /** Shows this snapshot (from the start or the cancel answer) and follows the job from now on. */
  follow(job: BlogImportJob): void;
  /** Back to the form. */
  forget(): void;
}

/**
 * Follows one import job (server/API.md §E21) until it ends: over the admin socket's
 * `admin:import-progress` where the browser talks to the server itself, with a GET every second
 * whenever that socket is not connected (always on the desktop, whose requests go through its
 * main process).
 */
export function useFollowedImport(): FollowedImport {
  const api = useAdminApi();
  const platform = useAdminPlatform();
  const [job, setJob] = useState<BlogImportJob | null>(null);
  const [resuming, setResuming] = useState(() => storedJobId() !== null);
  const [progressFailed, setProgressFailed] = useState(false);

  const accept = useCallback((incoming: BlogImportJob) => setJob((current) => laterJob(current, incoming)), []);

  useEffect(() => {
    const id = storedJobId();
    if (!id) return;
    const controller = new AbortController();
    fetchBlogImport(api, id, controller.signal).then(
      (found) => {
        accept(found);
        setResuming(false);
      },
      () => {
        if (controller.signal.aborted) return;
        storeJobId(null);
        setResuming(false);
      },
    );
    return () => controller.abort();
  }, [api, accept]);

  const id = job?.id ?? null;
  const running = job?.status === 'running';
  useEffect(() => {
    if (!id || !running) return;
    const controller = new AbortController();
    let socketConnected = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;

    const poll = async () => {
      clearTimeout(timer);
      if (inFlight || controller.signal.aborted) return;
      inFlight = true;
      try {
        accept(await fetchBlogImport(api, id, controller.signal));
        setProgressFailed(false);
      } catch {
        if (!controller.signal.aborted) setProgressFailed(true);
      } finally {
        inFlight = false;
      }
      if (!controller.signal.aborted)
        timer = setTimeout(() => void poll(), socketConnected ? IMPORT_SAFETY_POLL_MS : IMPORT_POLL_MS);
    };
    timer = setTimeout(() => void poll(), IMPORT_POLL_MS);

    const closeSocket = platform.transport
      ? () => undefined
      : openImportProgressSocket(
          { baseUrl: platform.apiBaseUrl, getToken: () => platform.tokenStorage.get() },
          {
            onJob: (incoming) => {
              if (incoming.id === id) accept(incoming);
            },
            onConnectedChange: (connected) => {
              if (connected === socketConnected) return;
              socketConnected = connected;
              // Whatever happened while the socket was not listening is read at once.
              void poll();
            },
          },
        );
    return () => {
      controller.abort();
      clearTimeout(timer);
      closeSocket();
    };
  }, [api, platform, id, running, accept]);

  const follow = useCallback(
    (started: BlogImportJob) => {
      storeJobId(started.id);
      accept(started);
    },
    [accept],
  );
  const forget = useCallback(() => {
    storeJobId(null);
    setJob(null);
    setProgressFailed(false);
  }, []);

  return { job, resuming, progressFailed, follow, forget };
}
