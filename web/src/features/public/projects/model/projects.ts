/** A project card (docs/spec.md §3): from one of the owner's public repositories. */
export interface Project {
  title: string;
  description: string;
  link: string;
  stars: number;
  language: string;
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

/** docs/spec.md §7: projects with a description first, then most stars, then most recently updated. */
export function sortProjects(projects: Project[]): Project[] {
  return [...projects].sort(
    (a, b) =>
      Number(Boolean(b.description)) - Number(Boolean(a.description)) ||
      b.stars - a.stars ||
      Date.parse(b.updated_at) - Date.parse(a.updated_at),
  );
}
