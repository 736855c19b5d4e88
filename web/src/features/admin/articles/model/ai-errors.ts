import { UiMessages } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';

/** docs/spec.md §8: the AI analysis failure messages, judged from how the call failed. */
export function aiErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return UiMessages.aiUnreachable;
    if (error.status === 500) return UiMessages.aiServerError;
    return error.message || UiMessages.aiFailed;
  }
  if (error instanceof TypeError) return UiMessages.aiNetwork;
  return UiMessages.aiFailed;
}
