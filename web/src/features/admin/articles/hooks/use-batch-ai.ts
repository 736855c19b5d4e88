import { useCallback, useRef, useState } from 'react';
import { AdminUiMessages, REVISION_SOURCE_HEADER, SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { analyzeArticle, getArticle, updateArticle } from '../api/articles.api';
import type { BatchAiSteps, BatchProgress } from '../model/batch-ai';
import { idleBatch, pause, runBatchAi } from '../model/batch-ai';

/** Runs batch AI analysis (see runBatchAi) and exposes its progress, 取消 and the summary. */
export function useBatchAi(onFinished: () => void) {
  const api = useAdminApi();
  const notify = useNotify();
  const [progress, setProgress] = useState<BatchProgress>(idleBatch);
  const controller = useRef<AbortController | null>(null);

  const run = useCallback(
    async (ids: number[]) => {
      const abort = new AbortController();
      controller.current = abort;
      const steps: BatchAiSteps = {
        load: async (id, signal) => (await getArticle(api, id, { signal })).data,
        analyze: async (input, signal) => (await analyzeArticle(api, input, signal)).data,
        // The client's writes say 'browser'; these suggestions were written by the AI.
        save: (id, fields) => updateArticle(api, id, fields, { headers: { [REVISION_SOURCE_HEADER]: 'ai' } }),
        pause,
      };
      // A 取消 pressed while a progress update is queued must not be overwritten by it.
      const show = (next: BatchProgress) => setProgress({ ...next, cancelling: next.running && abort.signal.aborted });
      let final: BatchProgress;
      try {
        final = await runBatchAi(ids, steps, abort.signal, show);
      } catch (error) {
        notify(UiMessages.batchError(errorMessage(error, UiMessages.aiFailed)), 'error', SNACKBAR_MS.articles);
        final = { ...idleBatch, total: ids.length, cancelled: abort.signal.aborted, finished: true };
        setProgress(final);
      }
      const failed = final.failures.length;
      const summary = final.cancelled
        ? AdminUiMessages.batchAiCancelled(final.succeeded, failed)
        : AdminUiMessages.batchAiDone(final.succeeded, failed);
      notify(summary, failed > 0 ? 'warning' : final.cancelled ? 'info' : 'success', SNACKBAR_MS.articles);
      controller.current = null;
      onFinished();
    },
    [api, notify, onFinished],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    // Shown at once: the run itself may still be finishing a save that was already sent.
    setProgress((current) => (current.running ? { ...current, cancelling: true } : current));
  }, []);
  const dismiss = useCallback(() => setProgress(idleBatch), []);

  return { progress, run, cancel, dismiss };
}
