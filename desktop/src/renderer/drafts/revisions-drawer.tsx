import { useEffect, useState } from 'react';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  OverlayDrawer,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular, HistoryRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M, UiMessages } from '@folio/shared';
import type { DraftRevision } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { EmptyState, formatDateTime } from '../web-admin';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  excerpt: {
    color: tokens.colorNeutralForeground3,
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflowWrap: 'anywhere',
  },
});

export interface RevisionsDrawerProps {
  draftId: string | null;
  open: boolean;
  onClose: () => void;
  onRestore: (revision: DraftRevision) => Promise<void>;
}

/** The ring of earlier local versions of the open draft, newest first; any one can be restored. */
export function RevisionsDrawer({ draftId, open, onClose, onRestore }: RevisionsDrawerProps) {
  const styles = useStyles();
  const [revisions, setRevisions] = useState<DraftRevision[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !draftId) return;
    setRevisions(null);
    call(folioBridge().drafts.revisions({ id: draftId }))
      .then((list) => setRevisions([...list].sort((a, b) => b.savedAt.localeCompare(a.savedAt))))
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)));
  }, [open, draftId]);

  return (
    <OverlayDrawer open={open} position="end" size="medium" onOpenChange={(_, data) => !data.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={UiMessages.cancel} icon={<DismissRegular />} onClick={onClose} />}
        >
          {M.revisions}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        {error && <Text>{error}</Text>}
        {!draftId && <EmptyState text={M.noRevisions} />}
        {draftId && !revisions && !error && <Spinner label={UiMessages.loading} />}
        {revisions && revisions.length === 0 && <EmptyState text={M.noRevisions} />}
        {revisions && revisions.length > 0 && (
          <ul className={styles.list}>
            {revisions.map((revision) => (
              <li key={revision.id} className={styles.item} data-testid="revision">
                <Text weight="semibold">{M.revisionLabel(formatDateTime(revision.savedAt), revision.fields.content.length)}</Text>
                <Text size={200}>{revision.fields.title || M.untitled}</Text>
                <Text size={200} className={styles.excerpt}>
                  {revision.fields.content.slice(0, 240)}
                </Text>
                <div>
                  <Button
                    size="small"
                    icon={<HistoryRegular />}
                    disabled={busy}
                    onClick={async () => {
                      setBusy(true);
                      try {
                        await onRestore(revision);
                      } finally {
                        setBusy(false);
                      }
                    }}
                  >
                    {M.restoreRevision}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
