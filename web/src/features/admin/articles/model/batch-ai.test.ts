import { describe, expect, it } from 'vitest';
import type { AdminArticleDetail, AiAnalysis, ArticleFields } from '@folio/shared';
import { UiMessages } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import type { BatchAiSteps, BatchProgress } from './batch-ai';
import { runBatchAi } from './batch-ai';

function buildArticle(id: number, overrides: Partial<AdminArticleDetail> = {}): AdminArticleDetail {
  return {
    id,
    title: `文章${id}`,
    category: '旧分类',
    tags: '',
    summary: '',
    cover: '',
    content: '正文',
    views: 0,
    comment_count: 0,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  } as AdminArticleDetail;
}

const analysis: AiAnalysis = { category: '新分类', tags: ['甲', '乙'], suggested_summary: '摘要', source: 'builtin' };

const abortError = () => new DOMException('aborted', 'AbortError');

/** Steps that answer at once from `articles`, recording every save; `analyze` can be replaced. */
function fakeSteps(articles: AdminArticleDetail[], analyze?: BatchAiSteps['analyze']) {
  const saved: { id: number; fields: Partial<ArticleFields> }[] = [];
  const analysed: number[] = [];
  const steps: BatchAiSteps = {
    load: async (id) => {
      const article = articles.find((candidate) => candidate.id === id);
      if (!article) throw new ApiError('文章不存在或已被删除', 404);
      return article;
    },
    analyze:
      analyze ??
      (async (input) => {
        analysed.push(articles.find((article) => article.title === input.title)?.id ?? -1);
        return analysis;
      }),
    save: async (id, fields) => {
      saved.push({ id, fields });
    },
    pause: async () => undefined,
  };
  return { steps, saved, analysed };
}

describe('runBatchAi', () => {
  it('saves each analysis, counts an empty article and a failed call as failures, and reports progress', async () => {
    const articles = [buildArticle(1), buildArticle(2, { content: '  ' }), buildArticle(3)];
    const { steps, saved } = fakeSteps(articles);
    const seen: BatchProgress[] = [];

    const final = await runBatchAi([1, 2, 3, 4], steps, new AbortController().signal, (progress) => seen.push(progress));

    expect(saved).toEqual([
      { id: 1, fields: { category: '新分类', tags: '甲,乙', summary: '摘要' } },
      { id: 3, fields: { category: '新分类', tags: '甲,乙', summary: '摘要' } },
    ]);
    expect(final).toMatchObject({ running: false, finished: true, cancelled: false, succeeded: 2, done: 4, total: 4 });
    expect(final.failures).toEqual([
      { id: 2, title: '文章2', reason: UiMessages.aiEmptyInBatch },
      { id: 4, title: '#4', reason: '文章不存在或已被删除' },
    ]);
    expect(seen[0]).toMatchObject({ running: true, done: 0, total: 4 });
    expect(seen.map((progress) => progress.done)).toEqual([0, 1, 2, 3, 4, 4]);
  });

  it('turns a provider failure into the docs/spec.md §8 message for that article and goes on', async () => {
    const { steps, saved } = fakeSteps([buildArticle(1), buildArticle(2)], async (input) => {
      if (input.title === '文章1') throw new ApiError('AI服务错误', 500);
      return analysis;
    });

    const final = await runBatchAi([1, 2], steps, new AbortController().signal, () => undefined);

    expect(final.failures).toEqual([{ id: 1, title: '文章1', reason: UiMessages.aiServerError }]);
    expect(saved.map((entry) => entry.id)).toEqual([2]);
  });

  it('stops the analysis in flight when cancelled, saves nothing for it and starts no further article', async () => {
    const controller = new AbortController();
    let analysisSignal: AbortSignal | undefined;
    const { steps, saved } = fakeSteps([buildArticle(1), buildArticle(2), buildArticle(3)], (input, signal) => {
      if (input.title === '文章1') return Promise.resolve(analysis);
      analysisSignal = signal;
      // A slow provider: answers only when aborted, the way fetch rejects on abort.
      return new Promise<AiAnalysis>((_resolve, reject) => signal.addEventListener('abort', () => reject(abortError())));
    });
    const seen: BatchProgress[] = [];

    const run = runBatchAi([1, 2, 3], steps, controller.signal, (progress) => {
      seen.push(progress);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(analysisSignal?.aborted).toBe(false);
    controller.abort();
    const final = await run;

    expect(analysisSignal?.aborted).toBe(true);
    expect(saved.map((entry) => entry.id)).toEqual([1]);
    expect(final).toMatchObject({ cancelled: true, running: false, cancelling: false, succeeded: 1, done: 1, failures: [] });
  });

  it('drops an analysis that answers after 取消 instead of saving it', async () => {
    const controller = new AbortController();
    // A provider that ignores the signal: its answer still arrives, after the click.
    const { steps, saved } = fakeSteps([buildArticle(1), buildArticle(2)], async () => {
      controller.abort();
      return analysis;
    });

    const final = await runBatchAi([1, 2], steps, controller.signal, () => undefined);

    expect(saved).toEqual([]);
    expect(final).toMatchObject({ cancelled: true, succeeded: 0, done: 0 });
  });

  it('passes the signal to the load and analysis calls', async () => {
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    const { steps } = fakeSteps([buildArticle(1)]);
    const recording: BatchAiSteps = {
      ...steps,
      load: (id, signal) => {
        signals.push(signal);
        return steps.load(id, signal);
      },
      analyze: (input, signal) => {
        signals.push(signal);
        return steps.analyze(input, signal);
      },
    };

    await runBatchAi([1], recording, controller.signal, () => undefined);

    expect(signals).toEqual([controller.signal, controller.signal]);
  });
});
