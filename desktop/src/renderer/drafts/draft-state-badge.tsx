import type { BadgeProps } from '@fluentui/react-components';
import { Badge } from '@fluentui/react-components';
import { DesktopSyncMessages as S, DRAFT_STATE_LABELS } from '@folio/shared';
import type { DraftState, DraftSummary } from '../../channels';

const COLOR: Record<DraftState, BadgeProps['color']> = {
  local: 'informative',
  pending: 'warning',
  synced: 'success',
  conflict: 'danger',
};

/** 仅本地 / 待发布 / 已同步 / 冲突: where the words of a draft are right now. */
export function DraftStateBadge({ state }: { state: DraftState }) {
  return (
    <Badge appearance="tint" color={COLOR[state]} data-state={state} style={{ whiteSpace: 'nowrap' }}>
      {DRAFT_STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * Where the server holds a draft's words, beside its state: 已同步 with a server draft readers do
 * not see (服务器草稿), or 仅本地 edits of a published article already in its autosave. Null when
 * the state says it all.
 */
export function draftServerNote(draft: Pick<DraftSummary, 'state' | 'serverStatus' | 'unsent' | 'articleId'>): string | null {
  if (draft.state === 'synced' && draft.serverStatus === 'draft') return S.serverDraft;
  const autosaved = draft.state === 'local' && draft.articleId !== null && !draft.unsent;
  if (autosaved && (draft.serverStatus === 'published' || draft.serverStatus === 'scheduled')) return S.autosavedOnServer;
  return null;
}
