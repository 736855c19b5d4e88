import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeCodeHost } from '../../../tests/support/fake-code-host.js';
import type { FakeCodeHost } from '../../../tests/support/fake-code-host.js';
import { apiClient, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { DEFAULT_CODE_HOST_TIMING } from '../../src/config.js';
import type { CodeHostConfig } from '../../src/config.js';

/** A repository as the code host's API answers it, with more fields than a card keeps. */
const buildRepo = (name: string, overrides: Record<string, unknown> = {}) => ({
  id: 1,
  node_id: 'R_1',
  name,
  full_name: `octocat/${name}`,
  owner: { login: 'octocat', id: 1 },
  description: `${name} 的描述`,
  html_url: `https://github.com/octocat/${name}`,
  stargazers_count: 10,
  watchers_count: 10,
  language: 'TypeScript',
  fork: false,
  private: false,
  updated_at: '2025-06-01T00:00:00Z',
  ...overrides,
});

const REPOS = [
  buildRepo('few-stars', { stargazers_count: 2 }),
  buildRepo('no-description', { description: null, stargazers_count: 500, language: null }),
  buildRepo('many-stars', { stargazers_count: 90 }),
  buildRepo('a-fork', { fork: true, stargazers_count: 9999 }),
];

let codeHost: FakeCodeHost;
const servers: TestServer[] = [];

/** A server whose code host is the loopback fake; `timing` changes how often it fetches. */
async function startServer(timing: Partial<CodeHostConfig> = {}, dataDir?: string) {
  const server = await startTestServer({
    seed: true,
    dataDir,
    config: { codeHost: { ...DEFAULT_CODE_HOST_TIMING, minIntervalMs: 0, apiUrl: codeHost.apiUrl, ...timing } },
  });
  servers.push(server);
  const api = apiClient(server.url);
  const projects = async (query = '') => {
    const response = await api<EnvelopeBody>('GET', `/api/projects${query}`);
    expect(response.status).toBe(200);
    return response.body.data as {
      projects: Record<string, unknown>[];
      stale: boolean;
      fetched_at: string | null;
      error?: string;
    };
  };
  return { server, api, projects };
}

beforeEach(async () => {
  codeHost = await startFakeCodeHost({ kind: 'json', body: REPOS });
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  await codeHost.close();
});

describe('GET /api/projects (server/API.md §E20)', () => {
  it("answers the owner's repositories as cards (forks dropped, described first, then by stars) and keeps them in the data dir", async () => {
    const { server, projects } = await startServer();
    const answer = await projects();
    expect(answer.stale).toBe(false);
    expect(answer.fetched_at).toEqual(expect.any(String));
    expect(answer.projects).toEqual([
      {
        title: 'many-stars',
        description: 'many-stars 的描述',
        link: 'https://github.com/octocat/many-stars',
        stars: 90,
        language: 'TypeScript',
        updated_at: '2025-06-01T00:00:00Z',
      },
      expect.objectContaining({ title: 'few-stars', stars: 2 }),
      expect.objectContaining({ title: 'no-description', description: '', language: '', stars: 500 }),
    ]);
    expect(codeHost.requests).toEqual(['/users/octocat/repos?per_page=100&sort=updated']);
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'code-host-projects.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(stored).toEqual({ owner: 'octocat', fetched_at: answer.fetched_at, projects: answer.projects });
  });

  it('reuses a fresh fetch, and 刷新 (?refresh=1) fetches again', async () => {
    const { projects } = await startServer({ freshMs: 60 * 60_000 });
    await projects();
    await projects();
    expect(codeHost.requests).toHaveLength(1);
    codeHost.reply({ kind: 'json', body: [...REPOS, buildRepo('brand-new', { stargazers_count: 1000 })] });
    const refreshed = await projects('?refresh=1');
    expect(codeHost.requests).toHaveLength(2);
    expect(refreshed.projects[0]).toMatchObject({ title: 'brand-new' });
  });

  it('never fetches more often than the least interval, whoever asks for 刷新', async () => {
    const { projects } = await startServer({ freshMs: 0, minIntervalMs: 60 * 60_000 });
    await projects();
    await Promise.all([projects('?refresh=1'), projects('?refresh=1'), projects()]);
    expect(codeHost.requests).toHaveLength(1);
  });

  it('visitors arriving together wait for one fetch', async () => {
    const { projects } = await startServer({ freshMs: 0 });
    const answers = await Promise.all([projects(), projects(), projects()]);
    expect(codeHost.requests).toHaveLength(1);
    expect(answers.map((answer) => answer.projects.length)).toEqual([3, 3, 3]);
  });

  it('while the code host fails, answers the last good fetch, marked stale, with why; after a restart too', async () => {
    const { server, projects } = await startServer({ freshMs: 0 });
    const good = await projects();
    codeHost.reply({ kind: 'status', status: 503 });
    const stale = await projects();
    expect(stale).toEqual({
      projects: good.projects,
      stale: true,
      fetched_at: good.fetched_at,
      error: 'GitHub API 请求失败 (HTTP 503)',
    });

    // The last good fetch is on disk: a restarted server still has it while the code host is away.
    await server.stop();
    codeHost.reply({ kind: 'drop' });
    const restarted = await startServer({ freshMs: 0 }, server.dataDir);
    const afterRestart = await restarted.projects();
    expect(afterRestart).toMatchObject({ projects: good.projects, stale: true, fetched_at: good.fetched_at });
    expect(afterRestart.error).toBe('无法连接到 GitHub');
  });

  it('with nothing ever fetched and the code host down, answers no projects, stale, never made-up ones', async () => {
    codeHost.reply({ kind: 'status', status: 403 });
    const { server, projects } = await startServer();
    expect(await projects()).toEqual({
      projects: [],
      stale: true,
      fetched_at: null,
      error: 'GitHub API 请求失败 (HTTP 403)',
    });
    await expect(readFile(path.join(server.dataDir, 'code-host-projects.json'))).rejects.toThrow(/ENOENT/);
  });

  it('gives up a code host that does not answer, within the timeout', async () => {
    codeHost.reply({ kind: 'hang' });
    const { projects } = await startServer({ timeoutMs: 300 });
    expect(await projects()).toMatchObject({ projects: [], stale: true, error: '请求超时' });
  });

  it('an unreadable answer is a failure, and the last good fetch is kept rather than overwritten', async () => {
    const { server, projects } = await startServer({ freshMs: 0 });
    const good = await projects();
    for (const body of [{ message: 'not a list' }, 'text', null]) {
      codeHost.reply({ kind: 'json', body });
      expect(await projects()).toMatchObject({ projects: good.projects, stale: true, error: 'GitHub API 返回的数据无法识别' });
    }
    const stored = JSON.parse(await readFile(path.join(server.dataDir, 'code-host-projects.json'), 'utf8')) as {
      projects: unknown[];
    };
    expect(stored.projects).toEqual(good.projects);
  });

  it('keeps hostile names and descriptions as text, drops links that are not http(s), and bounds every field', async () => {
    codeHost.reply({
      kind: 'json',
      body: [
        buildRepo('<img src=x onerror=alert(1)>', { description: '<script>alert("描述")</script>' }),
        buildRepo('js-link', { html_url: 'javascript:alert(1)' }),
        buildRepo('data-link', { html_url: 'data:text/html,<script>alert(1)</script>' }),
        buildRepo('', { description: 'no name' }),
        buildRepo('long', { description: 'x'.repeat(10_000), stargazers_count: -5, language: { evil: true } }),
        'not a repository',
        null,
      ],
    });
    const { server, projects } = await startServer();
    const answer = await projects();
    expect(answer.projects.map((project) => project.title)).toEqual(['<img src=x onerror=alert(1)>', 'long']);
    expect(answer.projects[0]).toMatchObject({ description: '<script>alert("描述")</script>' });
    expect(answer.projects[1]).toMatchObject({ stars: 0, language: '' });
    expect((answer.projects[1]?.description as string).length).toBe(500);
    // No public page carries the repository's markup as markup.
    const landing = await fetch(`${server.url}/`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).not.toContain('<img src=x onerror');
    expect(html).not.toContain('<script>alert(');
  });

  it('without a code-host profile, or with the fetch turned off, answers no projects and no warning, and asks nothing', async () => {
    const { api, projects } = await startServer();
    const token = await servers[0]!.login();
    await api('PUT', '/api/admin/site-blocks', { token, json: { blocks: [{ name: 'home', content: { github_url: '' } }] } });
    expect(await projects()).toEqual({ projects: [], stale: false, fetched_at: null });
    expect(codeHost.requests).toEqual([]);

    const off = await startTestServer({ seed: true, config: { codeHost: undefined } });
    servers.push(off);
    const answer = await apiClient(off.url)<EnvelopeBody>('GET', '/api/projects');
    expect(answer.body.data).toEqual({ projects: [], stale: false, fetched_at: null });
    expect(codeHost.requests).toEqual([]);
  });

  it('a changed profile fetches the new account, and never shows the old account’s projects as its own', async () => {
    const { api, server, projects } = await startServer({ freshMs: 0 });
    await projects();
    codeHost.reply({ kind: 'status', status: 500 });
    const token = await server.login();
    await api('PUT', '/api/admin/site-blocks', {
      token,
      json: { blocks: [{ name: 'home', content: { github_url: 'https://github.com/someone-else' } }] },
    });
    expect(await projects()).toMatchObject({ projects: [], stale: true, fetched_at: null });
    expect(codeHost.requests.at(-1)).toBe('/users/someone-else/repos?per_page=100&sort=updated');
  });
});
