import { z } from 'zod';

/**
 * A project card (docs/spec.md §2.2): one of the owner's public repositories on the code host,
 * as `GET /api/projects` presents it (server/API.md §E20) and the server keeps it.
 */
export interface Project {
  title: string;
  description: string;
  /** The repository's page on the code host: always an `http(s)` URL. */
  link: string;
  stars: number;
  language: string;
  updated_at: string;
}

/** `GET /api/projects`: the projects, and whether they are the last good fetch's because the code host failed. */
export interface ProjectsAnswer {
  projects: Project[];
  /** True when the code host could not be reached just now: `projects` are the last good fetch's, or none. */
  stale: boolean;
  /** When the shown projects were fetched (ISO 8601), or `null` when none ever were. */
  fetched_at: string | null;
  /** Why the code host failed, for the warning; only with `stale`. */
  error?: string;
}

/** Why the code host failed, as the projects warning shows it after '获取GitHub项目数据时遇到问题: '. */
export const CodeHostMessages = {
  httpFailed: (status: number) => `GitHub API 请求失败 (HTTP ${status})`,
  timeout: '请求超时',
  unreachable: '无法连接到 GitHub',
  unreadable: 'GitHub API 返回的数据无法识别',
} as const;

/** The longest texts a card keeps: the code host's own limits, so a hostile answer cannot bloat the page. */
export const PROJECT_LIMITS = { title: 100, description: 500, language: 50, link: 300, count: 100 } as const;

export const projectSchema = z.object({
  title: z.string().min(1).max(PROJECT_LIMITS.title),
  description: z.string().max(PROJECT_LIMITS.description),
  link: z
    .string()
    .max(PROJECT_LIMITS.link)
    .refine((link) => /^https?:\/\//i.test(link)),
  stars: z.number().int().min(0),
  language: z.string().max(PROJECT_LIMITS.language),
  updated_at: z.string().max(40),
});

/** The account name in a profile URL such as `https://github.com/octocat`, or '' when there is none. */
export function ownerFromUrl(githubUrl: string | undefined): string {
  if (!githubUrl) return '';
  try {
    const url = new URL(githubUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return '';
    const [owner] = url.pathname.split('/').filter(Boolean);
    return owner && /^[A-Za-z0-9-]{1,39}$/.test(owner) ? owner : '';
  } catch {
    return '';
  }
}

/** docs/spec.md §7: projects with a description first, then most stars, then most recently updated. */
export function sortProjects(projects: readonly Project[]): Project[] {
  const time = (value: string) => Date.parse(value) || 0;
  return [...projects].sort(
    (a, b) =>
      Number(Boolean(b.description)) - Number(Boolean(a.description)) ||
      b.stars - a.stars ||
      time(b.updated_at) - time(a.updated_at),
  );
}
