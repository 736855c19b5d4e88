import { PROJECT_FETCH_TIMEOUT_MS, PublicUiMessages } from '@folio/shared';

/** A project card (SPEC 3): from one of the owner's public repositories. */
export interface Project {
  title: string;
  description: string;
  link: string;
  stars: number;
  language: string;
  updated_at: string;
}

interface GithubRepo {
  name: string;
  description: string | null;
  html_url: string;
  stargazers_count: number;
  language: string | null;
  fork: boolean;
  updated_at: string;
}

/** The account name in a profile URL such as `https://github.com/octocat`, or '' when there is none. */
export function ownerFromUrl(githubUrl: string | undefined): string {
  if (!githubUrl) return '';
  try {
    const [owner] = new URL(githubUrl).pathname.split('/').filter(Boolean);
    return owner && /^[A-Za-z0-9-]{1,39}$/.test(owner) ? owner : '';
  } catch {
    return '';
  }
}

/** SPEC 7: projects with a description first, then most stars, then most recently updated. */
export function sortProjects(projects: Project[]): Project[] {
  return [...projects].sort(
    (a, b) =>
      Number(Boolean(b.description)) - Number(Boolean(a.description)) ||
      b.stars - a.stars ||
      Date.parse(b.updated_at) - Date.parse(a.updated_at),
  );
}

/** The owner's public repositories as project cards, forks dropped; aborted after 10 s. */
export async function fetchOwnerProjects(owner: string): Promise<Project[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROJECT_FETCH_TIMEOUT_MS);
  try {
    const response = await fetch(`https://api.github.com/users/${encodeURIComponent(owner)}/repos?per_page=100&sort=updated`, {
      headers: { Accept: 'application/vnd.github+json' },
      signal: controller.signal,
    });
    if (!response.ok) throw new Error(PublicUiMessages.githubHttpFailed(response.status));
    const repos = (await response.json()) as GithubRepo[];
    return sortProjects(
      repos
        .filter((repo) => !repo.fork)
        .map((repo) => ({
          title: repo.name,
          description: repo.description ?? '',
          link: repo.html_url,
          stars: repo.stargazers_count,
          language: repo.language ?? '',
          updated_at: repo.updated_at,
        })),
    );
  } catch (error) {
    if (controller.signal.aborted) throw new Error(PublicUiMessages.requestTimeout, { cause: error });
    throw error instanceof Error ? error : new Error(String(error), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
