import { CodeHostMessages, ownerFromUrl } from '@folio/shared';
import type { ProjectsAnswer } from '@folio/shared';
import type { CodeHostConfig } from '../config.js';
import type { Logger } from '../logger.js';
import {
  NO_PROJECTS,
  presentCodeHostRepositories,
  presentFreshProjects,
  presentStaleProjects,
} from '../presenters/projects.presenter.js';
import type { ProjectsRepository } from '../store/projects.repository.js';
import type { SiteBlocksService } from './site-blocks.service.js';

/** The most of the code host's answer read: 100 repositories take some hundreds of KB. */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** A fetch's outcome for one owner, and when it was made. */
interface Attempt {
  owner: string;
  at: number;
  ok: boolean;
  answer: ProjectsAnswer;
}

class CodeHostFailure extends Error {}

/**
 * The owner's public repositories as project cards (server/API.md §E20). The server fetches
 * them from the code host, reuses a good fetch for a while, never fetches more often than the
 * configured interval, and keeps the last good fetch on disk: while the code host fails, that is
 * what shows, marked stale, and never anything made up.
 */
export class ProjectsService {
  private last: Attempt | null = null;
  private readonly fetching = new Map<string, Promise<ProjectsAnswer>>();

  constructor(
    private readonly codeHost: CodeHostConfig | undefined,
    private readonly repository: ProjectsRepository,
    private readonly siteBlocks: SiteBlocksService,
    private readonly logger: Logger,
  ) {}

  /** The projects to show; `refresh` (刷新) fetches again even when the last good fetch is fresh. */
  async projects(refresh = false): Promise<ProjectsAnswer> {
    const owner = ownerFromUrl(this.siteBlocks.find('home')?.content.github_url);
    if (!owner || !this.codeHost) return NO_PROJECTS;
    const last = this.last?.owner === owner ? this.last : null;
    if (last) {
      const age = Date.now() - last.at;
      if (age < this.codeHost.minIntervalMs) return last.answer;
      if (last.ok && !refresh && age < this.codeHost.freshMs) return last.answer;
    }
    // Visitors arriving together wait for one fetch.
    let pending = this.fetching.get(owner);
    if (!pending) {
      pending = this.fetchAndKeep(this.codeHost, owner).finally(() => this.fetching.delete(owner));
      this.fetching.set(owner, pending);
    }
    return pending;
  }

  private async fetchAndKeep(codeHost: CodeHostConfig, owner: string): Promise<ProjectsAnswer> {
    const at = Date.now();
    try {
      const projects = await this.fetchRepositories(codeHost, owner);
      const stored = { owner, fetched_at: new Date(at).toISOString(), projects };
      try {
        await this.repository.save(stored);
      } catch (error) {
        // The fetch was good and shows; it only will not outlive a restart or bridge an outage.
        this.logger.error('Could not keep the fetched projects in the data directory', error);
      }
      const answer = presentFreshProjects(stored);
      this.last = { owner, at, ok: true, answer };
      return answer;
    } catch (error) {
      const reason = error instanceof CodeHostFailure ? error.message : CodeHostMessages.unreachable;
      this.logger.info(`Projects: the code host failed for ${owner} (${reason}); answering the last good fetch`);
      const answer = presentStaleProjects(this.repository.lastGood(owner), reason);
      this.last = { owner, at, ok: false, answer };
      return answer;
    }
  }

  private async fetchRepositories(codeHost: CodeHostConfig, owner: string) {
    const url = `${codeHost.apiUrl}/users/${encodeURIComponent(owner)}/repos?per_page=100&sort=updated`;
    const signal = AbortSignal.timeout(codeHost.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/vnd.github+json', 'User-Agent': 'Folio' },
        signal,
      });
    } catch (error) {
      throw new CodeHostFailure(signal.aborted ? CodeHostMessages.timeout : CodeHostMessages.unreachable, { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CodeHostFailure(CodeHostMessages.httpFailed(response.status));
    }
    let body: unknown;
    try {
      body = JSON.parse(await readLimited(response, MAX_ANSWER_BYTES));
    } catch (error) {
      throw new CodeHostFailure(signal.aborted ? CodeHostMessages.timeout : CodeHostMessages.unreadable, { cause: error });
    }
    const projects = presentCodeHostRepositories(body);
    if (!projects) throw new CodeHostFailure(CodeHostMessages.unreadable);
    return projects;
  }
}

/** The answer's text, refused past `maxBytes` (a code host that streams without end). */
async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`answer over ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
