import { useCallback, useEffect, useRef, useState } from 'react';
import { CommonUiMessages } from '@folio/shared';
import type { Project } from '@folio/shared';
import { isAbortError } from '../../../../lib/api-client';
import { fetchProjects } from '../api/projects.api';

export interface ProjectsState {
  projects: Project[];
  loading: boolean;
  warning: string;
  refresh: () => void;
}

/**
 * The owner's projects, from the server, which fetches them from the code host and keeps the
 * last good fetch. When the code host fails, a warning shows with the projects of that fetch, or
 * with none: never made-up ones that would look like the owner's (docs/spec.md §4.3).
 * `profileUrl` is undefined while the site blocks load; a changed profile fetches again.
 */
export function useProjects(profileUrl: string | undefined): ProjectsState {
  const [state, setState] = useState<Omit<ProjectsState, 'refresh'>>({ projects: [], loading: true, warning: '' });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    async (refresh: boolean) => {
      if (profileUrl === undefined) return;
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState((previous) => ({ ...previous, loading: true }));
      try {
        const answer = await fetchProjects(current.signal, refresh);
        if (current.signal.aborted) return;
        setState({
          projects: answer.projects,
          loading: false,
          warning: answer.stale ? CommonUiMessages.projectsFailed(answer.error ?? '', answer.fetched_at !== null) : '',
        });
      } catch (error) {
        if (current.signal.aborted || isAbortError(error)) return;
        // The server itself did not answer: what shows stays, and the warning says so.
        const message = error instanceof Error ? error.message : String(error);
        setState((previous) => ({
          projects: previous.projects,
          loading: false,
          warning: CommonUiMessages.projectsFailed(message, previous.projects.length > 0),
        }));
      }
    },
    [profileUrl],
  );

  useEffect(() => {
    void load(false);
  }, [load]);
  useEffect(() => () => controller.current?.abort(), []);

  const refresh = useCallback(() => void load(true), [load]);
  return { ...state, refresh };
}
