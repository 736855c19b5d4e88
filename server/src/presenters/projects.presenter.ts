import { PROJECT_LIMITS, projectSchema, sortProjects } from '@folio/shared';
import type { Project, ProjectsAnswer } from '@folio/shared';
import type { StoredProjects } from '../store/projects.repository.js';

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.trim().slice(0, max) : '');

/**
 * One repository of the code host's answer as a card keeps it: the six fields a card shows and
 * nothing else (server/API.md §E20). Forks, and anything that is not a repository with a name
 * and an `http(s)` page, are dropped: the answer is another server's, and its text reaches pages.
 */
function presentRepository(repository: unknown): Project | null {
  if (typeof repository !== 'object' || repository === null) return null;
  const fields = repository as Record<string, unknown>;
  if (fields.fork === true) return null;
  const stars = fields.stargazers_count;
  const candidate = {
    title: text(fields.name, PROJECT_LIMITS.title),
    description: text(fields.description, PROJECT_LIMITS.description),
    link: typeof fields.html_url === 'string' ? fields.html_url : '',
    stars: typeof stars === 'number' && Number.isSafeInteger(stars) && stars >= 0 ? stars : 0,
    language: text(fields.language, PROJECT_LIMITS.language),
    updated_at: text(fields.updated_at, 40),
  };
  const parsed = projectSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

/** The code host's repository list as cards in their order (docs/spec.md §7); null when it is no list. */
export function presentCodeHostRepositories(answer: unknown): Project[] | null {
  if (!Array.isArray(answer)) return null;
  const projects = answer.map(presentRepository).filter((project): project is Project => project !== null);
  return sortProjects(projects).slice(0, PROJECT_LIMITS.count);
}

/** A good fetch's answer. */
export function presentFreshProjects(stored: StoredProjects): ProjectsAnswer {
  return { projects: stored.projects, stale: false, fetched_at: stored.fetched_at };
}

/** The answer while the code host fails: the last good fetch's projects, or none, with why. */
export function presentStaleProjects(stored: StoredProjects | null, error: string): ProjectsAnswer {
  return { projects: stored?.projects ?? [], stale: true, fetched_at: stored?.fetched_at ?? null, error };
}

/** No code-host profile, or no code host configured: no cards and nothing to warn about. */
export const NO_PROJECTS: Readonly<ProjectsAnswer> = Object.freeze({ projects: [], stale: false, fetched_at: null });
