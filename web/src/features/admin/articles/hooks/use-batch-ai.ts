import { useCallback, useRef, useState } from 'react';
import { AdminUiMessages, BATCH_AI_DELAY_MS, SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { analyzeArticle, getArticle, updateArticle } from '../api/articles.api';
import { aiErrorMessage } from './ai-errors';

export interface BatchFailure {
  id: number;
  title: string;
  reason: string;
}

export interface BatchProgress {
  running: boolean;
  done: number;
  total: number;
  succeeded: number;
  failures: BatchFailure[];
  cancelled: boolean;
  /** Set once a run has ended, for the summary panel. */
  finished: boolean;
}

const idle: BatchProgress = { running: false, done: 0, total: 0, succeeded: 0, failures: [], cancelled: false, finished: false };

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * SPEC 4: analyse the selected articles one by one, 500 ms apart; each is fetched, analysed and
 * saved with the suggestions. Cancelling stops before the next article starts.
 */
export function useBatchAi(onFinished: () => void) {
  const api = useAdminApi();
  const notify = useNotify();
  const [progress, setProgress] = useState<BatchProgress>(idle);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (ids: number[]) => {
      const abort = new AbortController();
      controller.current = abort;
      let state: BatchProgress = { ...idle, running: true, total: ids.length };
      setProgress(state);
      const update = (patch: Partial<BatchProgress>) => {
        state = { ...state, ...patch };
        setProgress(state);
      };
      try {
        for (const [index, id] of ids.entries()) {
          if (abort.signal.aborted) break;
          if (index > 0) await pause(BATCH_AI_DELAY_MS, abort.signal);
          if (abort.signal.aborted) break;
          let title = `#${id}`;
          try {
            const article = (await getArticle(api, id)).data;
            title = article.title || title;
            if (!article.title.trim() || !article.content.trim()) throw new Error(UiMessages.aiEmptyInBatch);
            let analysis;
            try {
              analysis = (await analyzeArticle(api, { title: article.title, content: article.content, summary: article.summary }))
                .data;
            } catch (error) {
              throw new Error(aiErrorMessage(error), { cause: error });
            }
            await updateArticle(api, id, {
              category: analysis.category,
              tags: analysis.tags.join(','),
              ...(analysis.suggested_summary ? { summary: analysis.suggested_summary } : {}),
            });
            update({ succeeded: state.succeeded + 1, done: state.done + 1 });
          } catch (error) {
            update({
              failures: [...state.failures, { id, title, reason: errorMessage(error, UiMessages.aiFailed) }],
              done: state.done + 1,
            });
          }
        }
      } catch (error) {
        notify(UiMessages.batchError(errorMessage(error, UiMessages.aiFailed)), 'error', SNACKBAR_MS.articles);
      }
      const cancelled = abort.signal.aborted;
      update({ running: false, cancelled, finished: true });
      const failed = state.failures.length;
      const summary = cancelled
        ? AdminUiMessages.batchAiCancelled(state.succeeded, failed)
        : AdminUiMessages.batchAiDone(state.succeeded, failed);
      notify(summary, failed > 0 ? 'warning' : cancelled ? 'info' : 'success', SNACKBAR_MS.articles);
      controller.current = null;
      onFinished();
    },
    [api, notify, onFinished],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setProgress(idle), []);

  return { progress, run, cancel, dismiss };
}
