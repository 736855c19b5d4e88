import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiAnalysis } from '@folio/shared';
import { ArticlesRepository } from '../../src/store/articles.repository.js';
import { apiClient, startSignedIn, startTestServer } from '../../../tests/support/test-server.js';
import type { EnvelopeBody, TestServer } from '../../../tests/support/test-server.js';
import { startFakeOpenAi } from '../support/fake-openai.js';
import type { FakeOpenAi } from '../support/fake-openai.js';
import { mysqlIndexArticle, reactHooksArticle } from '../services/builtin-analyzer.fixtures.js';

const analyze = (api: ReturnType<typeof apiClient>, token: string, json: unknown) =>
  api<EnvelopeBody & { data: AiAnalysis }>('POST', '/api/admin/articles/ai-analyze', { token, json });

describe('ai-analyze with an OpenAI-compatible provider', () => {
  let fake: FakeOpenAi;
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    server = await startTestServer({
      // A short timeout keeps the "provider hangs" case quick; the production default is 30 s.
      config: { ai: { baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'fake-model', timeoutMs: 500 } },
    });
    api = apiClient(server.url);
    token = await server.login();
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('returns the provider answer cleaned by the output rules', async () => {
    fake.reply({
      kind: 'answer',
      content: JSON.stringify({
        category: '前端开发',
        tags: ['React', 'C++', 'Hooks', 'react', '性能 优化!', 'Node.js', '第七个'],
        summary: '本文介绍 React Hooks 的用法。'.repeat(20),
      }),
    });
    const response = await analyze(api, token, reactHooksArticle);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 0, msg: 'AI分析完成', data: { category: '前端开发', source: 'provider' } });
    const { data } = response.body;
    expect(data.tags).toEqual(['React', 'C', 'Hooks', '性能 优化', 'Nodejs']);
    expect(data.suggested_summary.length).toBeLessThanOrEqual(200);
    expect(data.suggested_summary.startsWith('本文介绍 React Hooks 的用法。')).toBe(true);
    expect(data).not.toHaveProperty('fallback_reason');

    const call = fake.requests.at(-1);
    expect(call?.path).toBe('/v1/chat/completions');
    expect(call?.authorization).toBe('Bearer sk-test-key');
    expect(call?.body.model).toBe('fake-model');
    expect(call?.body.messages?.some((message) => message.content.includes(reactHooksArticle.title))).toBe(true);
  });

  it('accepts JSON inside a ```json fence, keeps a category before its comma and omits the summary when one was sent', async () => {
    fake.reply({
      kind: 'answer',
      content:
        '好的，分析结果如下：\n```json\n{"category": "数据库, MySQL", "tags": "MySQL,索引,查询优化", "summary": "讲解索引"}\n```',
    });
    const response = await analyze(api, token, { ...mysqlIndexArticle, summary: '已有摘要' });
    expect(response.body).toMatchObject({
      msg: 'AI分析完成',
      data: { category: '数据库', tags: ['MySQL', '索引', '查询优化'], suggested_summary: '', source: 'provider' },
    });
  });

  const fallbackCases: [string, Parameters<FakeOpenAi['reply']>[0], string][] = [
    ['an answer that is not JSON', { kind: 'answer', content: '这篇文章讲的是 React。' }, 'AI服务返回的内容无法解析'],
    ['JSON of the wrong shape', { kind: 'answer', content: '{"category": 42, "tags": null}' }, 'AI服务返回的内容无法解析'],
    ['an HTTP 500', { kind: 'status', status: 500 }, 'AI服务返回错误（HTTP 500）'],
    [
      'an HTTP 401 (bad key)',
      { kind: 'status', status: 401, body: { error: { message: 'bad key' } } },
      'AI服务返回错误（HTTP 401）',
    ],
    ['no answer before the timeout', { kind: 'hang' }, 'AI服务请求超时'],
  ];
  for (const [name, reply, reason] of fallbackCases) {
    it(`falls back to the built-in analyser on ${name}`, async () => {
      fake.reply(reply);
      const response = await analyze(api, token, reactHooksArticle);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        code: 0,
        msg: 'AI服务不可用，已使用内置分析',
        data: { category: '前端开发', source: 'builtin', fallback_reason: reason },
      });
      expect(response.body.data.tags).toContain('React');
      expect(response.body.data.suggested_summary).not.toBe('');
    });
  }
});

describe('ai-analyze without a provider', () => {
  let server: TestServer;
  let api: ReturnType<typeof apiClient>;
  let token: string;

  beforeAll(async () => {
    ({ server, api, token } = await startSignedIn());
  });
  afterAll(() => server.close());

  it('answers with the built-in analyser and no fallback reason', async () => {
    const response = await analyze(api, token, { ...mysqlIndexArticle, summary: null });
    expect(response.status).toBe(200);
    expect(response.body.msg).toBe('AI分析完成');
    const { data } = response.body;
    expect(data).toMatchObject({ category: '数据库', source: 'builtin' });
    expect(data).not.toHaveProperty('fallback_reason');
    expect(data.tags).toEqual(expect.arrayContaining(['MySQL', '索引']));
    expect(data.tags.join(',')).toMatch(/^[\u4e00-\u9fa5A-Za-z0-9_,\-\s]*$/);
    expect(data.suggested_summary.length).toBeLessThanOrEqual(100);
  });

  it("picks one of the owner's own categories when the text is about it", async () => {
    await new ArticlesRepository(server.app.store).create({
      title: '《代码整洁之道》读书笔记',
      category: '读书笔记',
      tags: [],
      summary: '',
      cover: '',
      content: '读后感',
    });
    const response = await analyze(api, token, {
      title: '《人月神话》读书笔记',
      content: '这本书的读书笔记分为三部分：没有银弹、人月神话和第二系统效应。读完之后，我对项目管理有了新的认识。',
    });
    expect(response.body.data.category).toBe('读书笔记');
  });

  it('rejects a blank title or content with 400 请先填写标题和内容', async () => {
    for (const json of [
      { content: '正文' },
      { title: '  ', content: '正文' },
      { title: '标题', content: '\n ' },
      { title: '标题' },
    ]) {
      const response = await analyze(api, token, json);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 1, msg: '请先填写标题和内容' });
    }
  });

  it('requires the admin token', async () => {
    expect((await analyze(api, '', reactHooksArticle)).status).toBe(401);
  });

  it('limits each token to 30 analyses a minute', async () => {
    const limitedToken = await server.login();
    for (let call = 1; call <= 30; call += 1) {
      expect(
        (await analyze(api, limitedToken, { title: 'Go 并发', content: 'goroutine 与 channel' })).status,
        `call ${call}`,
      ).toBe(200);
    }
    const limited = await analyze(api, limitedToken, { title: 'Go 并发', content: 'goroutine 与 channel' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 1, msg: '请求过于频繁，请稍后再试', error: 'rate_limited' });
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(limited.body.data).toEqual({ retry_after: retryAfter });

    expect((await analyze(api, token, { title: 'Go 并发', content: 'goroutine 与 channel' })).status).toBe(200);
  });
});
