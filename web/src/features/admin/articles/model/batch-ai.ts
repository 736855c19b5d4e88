import type { AdminArticleDetail, AiAnalysis, ArticleFields } from '@folio/shared';
import { BATCH_AI_DELAY_MS, UiMessages } from '@folio/shared';
import { errorMessage, isAbortError } from '../../../../lib/api-client';
import { aiErrorMessage } from './ai-errors';

export interface BatchFailure {
  id: number;
  title: string;
  reason: string;
}

export interface BatchProgress {
  running: boolean;
  /** 取消 was pressed and the run has not stopped yet (docs/spec.md §4.8: show 正在取消… at once). */
  cancelling: boolean;
  done: number;
  total: number;
  succeeded: number;
  failures: BatchFailure[];
  cancelled: boolean;
  /** Set once a run has ended, for the summary panel. */
  finished: boolean;
}

export const idleBatch: BatchProgress = {
  running: false,
  cancelling: false,
  done: 0,
  total: 0,
  succeeded: 0,
  failures: [],
  cancelled: false,
  finished: false,
};

/** The calls a batch makes; the hook binds them to the admin client, tests to fakes. */
export interface BatchAiSteps {
  load(id: number, signal: AbortSignal): Promise<AdminArticleDetail>;
  analyze(input: { title: string; content: string; summary: string }, signal: AbortSignal): Promise<AiAnalysis>;
  save(id: number, fields: Partial<ArticleFields>): Promise<unknown>;
  pause(ms: number, signal: AbortSignal): Promise<void>;
}

/** Waits `ms`, or less if the signal aborts first (never rejects). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

class BatchCancelled extends Error {}

/**
 * docs/spec.md §4.8: analyse the articles one by one, BATCH_AI_DELAY_MS apart; each is fetched, analysed and
 * saved with the suggestions. Aborting `signal` stops the article in flight at once: its load and
 * analysis requests are cancelled and its suggestions are not saved. A save already sent is let
 * finish (it cannot be called back from the server) and counts. Resolves with the final progress.
 */
export async function runBatchAi(
  ids: readonly number[],
  steps: BatchAiSteps,
  signal: AbortSignal,
  onProgress: (progress: BatchProgress) => void,
): Promise<BatchProgress> {
  let state: BatchProgress = { ...idleBatch, running: true, total: ids.length };
  const update = (patch: Partial<BatchProgress>) => {
    state = { ...state, ...patch };
    onProgress(state);
  };
  const stopIfCancelled = () => {
    if (signal.aborted) throw new BatchCancelled();
  };
  onProgress(state);

  for (const [index, id] of ids.entries()) {
    if (signal.aborted) break;
    if (index > 0) await steps.pause(BATCH_AI_DELAY_MS, signal);
    if (signal.aborted) break;
    let title = `#${id}`;
    try {
      const article = await steps.load(id, signal);
      title = article.title || title;
      stopIfCancelled();
      if (!article.title.trim() || !article.content.trim()) throw new Error(UiMessages.aiEmptyInBatch);
      let analysis: AiAnalysis;
      try {
        analysis = await steps.analyze({ title: article.title, content: article.content, summary: article.summary }, signal);
      } catch (error) {
        if (isAbortError(error) || signal.aborted) throw new BatchCancelled();
        throw new Error(aiErrorMessage(error), { cause: error });
      }
      // An answer that arrives after 取消 is dropped, not saved.
      stopIfCancelled();
      await steps.save(id, {
        category: analysis.category,
        tags: analysis.tags.join(','),
        ...(analysis.suggested_summary ? { summary: analysis.suggested_summary } : {}),
      });
      update({ succeeded: state.succeeded + 1, done: state.done + 1 });
    } catch (error) {
      if (error instanceof BatchCancelled || isAbortError(error)) break;
      update({
        failures: [...state.failures, { id, title, reason: errorMessage(error, UiMessages.aiFailed) }],
        done: state.done + 1,
      });
    }
  }

  update({ running: false, cancelling: false, cancelled: signal.aborted, finished: true });
  return state;
}
