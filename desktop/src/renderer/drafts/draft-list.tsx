import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, TableCell, TableRow, Text } from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { DesktopMessages, DesktopUiMessages as M } from '@folio/shared';
import type { DraftSummary } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { call, folioBridge } from '../bridge/folio-bridge';
import { ConfirmDialog, EmptyState, formatDateTime, usePageStyles } from '../web-admin';
import { draftServerNote, DraftStateBadge } from './draft-state-badge';
import { DesktopTable } from '../components/desktop-table';
import { useTableStyles } from '../components/table.styles';

/** The drafts on this machine with their state; opening one resumes writing where it stopped. */
export function DraftList({ drafts, onChanged }: { drafts: DraftSummary[]; onChanged: () => void }) {
  const table = useTableStyles();
  const page = usePageStyles();
  const navigate = useNavigate();
  const notify = useNotifyMessage();
  const [discarding, setDiscarding] = useState<DraftSummary | null>(null);
  if (drafts.length === 0) return <EmptyState text={M.noDrafts} />;
  return (
    <>
      <DesktopTable
        label={M.draftsTitle}
        columns={[
          { key: 'title', header: M.columnTitle },
          { key: 'state', header: M.columnState, className: table.state },
          { key: 'updated', header: M.columnUpdated, className: table.time },
          { key: 'actions', header: M.columnActions, className: table.actions },
        ]}
      >
        {drafts.map((draft) => (
          <TableRow key={draft.id} data-testid="draft-row">
            <TableCell>
              <div className={table.ellipsis} title={draft.title}>
                {draft.title || M.untitled}
              </div>
              {draft.lastError && (
                // A publish queued offline is no failure: it goes out by itself once the server answers.
                <Text size={200} className={draft.lastError === DesktopMessages.offlineQueued ? page.muted : table.errorText}>
                  {draft.lastError}
                </Text>
              )}
              {!draft.lastError && draftServerNote(draft) && (
                <Text size={200} className={page.muted} data-testid="draft-server-note">
                  {draftServerNote(draft)}
                </Text>
              )}
            </TableCell>
            <TableCell className={table.state}>
              <DraftStateBadge state={draft.state} />
            </TableCell>
            <TableCell className={table.time}>{formatDateTime(draft.updatedAt)}</TableCell>
            <TableCell className={table.actions}>
              <Button size="small" icon={<EditRegular />} onClick={() => navigate(`/drafts/${draft.id}`)}>
                {M.open}
              </Button>{' '}
              <Button
                size="small"
                appearance="subtle"
                icon={<DeleteRegular />}
                aria-label={`${M.discard} ${draft.title || M.untitled}`}
                onClick={() => setDiscarding(draft)}
              />
            </TableCell>
          </TableRow>
        ))}
      </DesktopTable>
      <ConfirmDialog
        open={discarding !== null}
        title={M.discard}
        confirmLabel={M.discard}
        onCancel={() => setDiscarding(null)}
        onConfirm={async () => {
          if (!discarding) return;
          setDiscarding(null);
          await call(folioBridge().drafts.discard({ id: discarding.id }));
          notify(M.discarded);
          onChanged();
        }}
      >
        {discarding ? M.discardConfirm(discarding.title || M.untitled) : ''}
      </ConfirmDialog>
    </>
  );
}
