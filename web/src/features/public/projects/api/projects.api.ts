import type { ProjectsAnswer } from '@folio/shared';
import { publicApi } from '../../api/public-api';

/** The owner's projects as the server keeps them (server/API.md §E20); `refresh` is the 刷新 button's fetch. */
export const fetchProjects = (signal: AbortSignal, refresh: boolean) =>
  publicApi.data<ProjectsAnswer>('/api/projects', { query: { refresh: refresh ? 1 : undefined }, signal });
