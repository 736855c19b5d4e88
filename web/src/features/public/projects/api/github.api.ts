import { PROJECT_FETCH_TIMEOUT_MS, PublicUiMessages } from '@folio/shared';
import type { Project } from '../model/projects';
import { sortProjects } from '../model/projects';

interface GithubRepo {
  name: string;
  description: string | null;
  html_url: string;
  stargazers_count: number;
  language: string | null;
  fork: boolean;
  updated_at: string;
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
