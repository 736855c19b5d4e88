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
import { DismissRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M, sameArticleFields, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { DraftRevision } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { EmptyState } from '../web-admin';
import { RevisionEntry, RevisionLegend } from './revision-entry';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** Newest first, each text once: a snapshot equal to a newer one (after a restore, say) adds nothing. */
function distinctNewestFirst(revisions: readonly DraftRevision[]): DraftRevision[] {
  const sorted = [...revisions].sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.id - a.id);
  return sorted.filter(
    (revision, index) => !sorted.slice(0, index).some((newer) => sameArticleFields(newer.fields, revision.fields)),
  );
}

export interface RevisionsDrawerProps {
  draftId: string | null;
  /** The text being written, which every snapshot is compared with. */
  current: ArticleFields;
  open: boolean;
  onClose: () => void;
  onRestore: (revision: DraftRevision) => Promise<void>;
}

/**
 * The ring of earlier local versions of the open draft, newest first, each with what it differs
 * in from the current text; any one can be restored.
 */
export function RevisionsDrawer({ draftId, current, open, onClose, onRestore }: RevisionsDrawerProps) {
  const styles = useStyles();
  const [revisions, setRevisions] = useState<DraftRevision[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !draftId) return;
    setRevisions(null);
    call(folioBridge().drafts.revisions({ id: draftId }))
      .then((list) => setRevisions(distinctNewestFirst(list)))
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
          <>
            <RevisionLegend />
            <ul className={styles.list}>
              {revisions.map((revision) => (
                <RevisionEntry
                  key={revision.id}
                  revision={revision}
                  current={current}
                  busy={busy}
                  onRestore={async () => {
                    setBusy(true);
                    try {
                      await onRestore(revision);
                    } finally {
                      setBusy(false);
                    }
                  }}
                />
              ))}
            </ul>
          </>
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
