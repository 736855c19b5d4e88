import type { Project } from './projects';

const KEY = 'folio_projects_cache';

interface CacheEntry {
  owner: string;
  /** Local calendar day the entry was written, `YYYY-MM-DD`. */
  day: string;
  projects: Project[];
}

export function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The cached projects of `owner`, whatever day they were written; `null` when there are none. */
export function readProjectsCache(owner: string): CacheEntry | null {
  try {
    const entry = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CacheEntry | null;
    return entry && entry.owner === owner && Array.isArray(entry.projects) ? entry : null;
  } catch {
    return null;
  }
}

export function writeProjectsCache(owner: string, projects: Project[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ owner, day: today(), projects } satisfies CacheEntry));
  } catch {
    // Storage full or disabled: the projects still show, they are just fetched again next time.
  }
}
