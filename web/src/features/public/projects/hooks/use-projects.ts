import { useCallback, useEffect, useRef, useState } from 'react';
import { CommonUiMessages } from '@folio/shared';
import { fetchOwnerProjects } from '../api/github.api';
import { ownerFromUrl } from '../model/projects';
import type { Project } from '../model/projects';
import { readProjectsCache, today, writeProjectsCache } from '../model/projects-cache';

export interface ProjectsState {
  projects: Project[];
  loading: boolean;
  warning: string;
  refresh: () => void;
}

/**
 * The owner's projects: today's cache when there is one, else a fetch from the code host. On
 * failure a warning shows with the projects of the last good fetch, or none: never made-up ones
 * that would look like the owner's (docs/spec.md §4.3).
 */
export function useProjects(githubUrl: string | undefined): ProjectsState {
  const owner = ownerFromUrl(githubUrl);
  const [state, setState] = useState<Omit<ProjectsState, 'refresh'>>({ projects: [], loading: true, warning: '' });
  const run = useRef(0);

  const load = useCallback(
    async (force: boolean) => {
      // Undefined while the site blocks are loading: the owner is not known yet.
      if (githubUrl === undefined) return;
      const id = ++run.current;
      if (!owner) {
        setState({ projects: [], loading: false, warning: '' });
        return;
      }
      const cached = readProjectsCache(owner);
      if (!force && cached && cached.day === today()) {
        setState({ projects: cached.projects, loading: false, warning: '' });
        return;
      }
      setState((previous) => ({ ...previous, loading: true }));
      try {
        const projects = await fetchOwnerProjects(owner);
        if (id !== run.current) return;
        writeProjectsCache(owner, projects);
        setState({ projects, loading: false, warning: '' });
      } catch (error) {
        if (id !== run.current) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({
          projects: cached?.projects ?? [],
          loading: false,
          warning: CommonUiMessages.projectsFailed(message, cached !== null),
        });
      }
    },
    [owner, githubUrl],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const refresh = useCallback(() => void load(true), [load]);
  return { ...state, refresh };
}
