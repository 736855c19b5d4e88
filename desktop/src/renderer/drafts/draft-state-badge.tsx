import type { BadgeProps } from '@fluentui/react-components';
import { Badge } from '@fluentui/react-components';
import { DRAFT_STATE_LABELS } from '@folio/shared';
import type { DraftState } from '../../channels';

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
