import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, FullScreenMaximizeRegular, HistoryRegular, SendRegular } from '@fluentui/react-icons';
import { DesktopMessages, DesktopUiMessages as M, emptyArticleFields, UiMessages } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { Draft, DraftRevision, PublishResult } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { useDesktopSession } from '../app/desktop-session';
import { call, folioBridge } from '../bridge/folio-bridge';
import { ConflictView } from '../conflict/conflict-view';
import { formatDateTime } from '../web-admin';
import { DraftForm } from './draft-form';
import { DraftPreviewLinks } from './draft-preview-links';
import { DraftSlugField } from './draft-slug-field';
import { DraftStateBadge } from './draft-state-badge';
import { RevisionsDrawer } from './revisions-drawer';
import type { SaveStatus } from './use-draft-autosave';
import { useBackgroundChanges } from './use-background-changes';
import { applyLinkRewrites, uploadedLinkRewrites } from './uploaded-links';
import { useDraftAutosave } from './use-draft-autosave';
import { useFocusMode } from './use-focus-mode';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  heading: { flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  saveStatus: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  body: {
    width: '100%',
    maxWidth: '1400px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
});

function saveStatusText(status: SaveStatus): string {
  if (status.kind === 'saving') return M.savingLocally;
  if (status.kind === 'saved') return M.savedLocally(formatDateTime(status.at));
  if (status.kind === 'error') return `${M.saveLocalFailed}：${status.message}`;
  return '';
}

/** Drafts this window created blank: if the owner leaves one without typing, it is not kept. */
const createdBlank = new Set<string>();
/** Editors just unmounted, whose keep-or-discard decision waits for a possible remount. */
const pendingLeaves = new Map<string, number>();

function isBlank(fields: ArticleFields): boolean {
  return Object.values(fields).every((value) => value.trim() === '');
}

/** /drafts/new and /drafts/:id: write (saved locally as you type), restore, publish, resolve. */
export default function DraftEditorPage() {
  const { draftId = 'new' } = useParams();
  const navigate = useNavigate();
  const isNew = draftId === 'new';
  const [draft, setDraft] = useState<Draft | null>(null);
  const [missing, setMissing] = useState(false);
  const creating = useRef(false);

  useEffect(() => {
    let cancelled = false;
    setMissing(false);
    if (isNew) {
      // A new article is a draft from its first moment, so even its first keystrokes have an id to go to.
      if (creating.current) return undefined;
      creating.current = true;
      void folioBridge()
        .drafts.save({ fields: emptyArticleFields(), articleId: null, baseRevision: null })
        .then((reply) => {
          creating.current = false;
          if (!reply.ok) {
            setMissing(true);
            return;
          }
          createdBlank.add(reply.data.id);
          setDraft(reply.data);
          navigate(`/drafts/${reply.data.id}`, { replace: true });
        });
      return undefined;
    }
    void folioBridge()
      .drafts.get({ id: draftId })
      .then((reply) => {
        if (cancelled) return;
        if (reply.ok && reply.data) setDraft(reply.data);
        else setMissing(true);
      });
    return () => {
      cancelled = true;
    };
  }, [draftId, isNew, navigate]);

  if (missing) return <MissingDraft />;
  if (!draft || draft.id !== draftId) return <Spinner label={UiMessages.loading} style={{ marginTop: '20vh' }} />;
  return <DraftEditor key={draft.id} initial={draft} onReplace={setDraft} />;
}

function MissingDraft() {
  const navigate = useNavigate();
  return (
    <div className={useStyles().body}>
      <MessageBar intent="error">
        <MessageBarBody>{M.draftNotFound}</MessageBarBody>
      </MessageBar>
      <div>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/drafts')}>
          {M.backToDrafts}
        </Button>
      </div>
    </div>
  );
}

function DraftEditor({ initial, onReplace }: { initial: Draft; onReplace: (draft: Draft) => void }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const notify = useNotifyMessage();
  const { online } = useDesktopSession();
  const [draft, setDraft] = useState<Draft>(initial);
  const [fields, setFields] = useState<ArticleFields>(initial.fields);
  const fieldsRef = useRef(fields);
  /** The text the editor held when it last asked to follow the stored draft (see useBackgroundChanges). */
  const followedFrom = useRef(fields);
  const [publishing, setPublishing] = useState(false);
  const [problem, setProblem] = useState(initial.lastError ?? '');
  const [showRevisions, setShowRevisions] = useState(false);
  const conflicted = draft.state === 'conflict' && draft.conflict ? { ...draft, conflict: draft.conflict } : null;
  const focus = useFocusMode(conflicted === null);

  const onSaved = useCallback((saved: Draft) => setDraft(saved), []);
  const autosave = useDraftAutosave(initial.id, onSaved);
  const { flush } = autosave;

  useEffect(() => {
    window.clearTimeout(pendingLeaves.get(initial.id));
    pendingLeaves.delete(initial.id);
    return () => {
      // Decided a tick later: React's StrictMode (development) unmounts and mounts every editor
      // once on purpose, and a blank new draft discarded then would answer the first keystroke's
      // save with 草稿不存在.
      const decide = () => {
        pendingLeaves.delete(initial.id);
        const leftBlank = createdBlank.has(initial.id) && isBlank(fieldsRef.current);
        createdBlank.delete(initial.id);
        // Only after the editor's last write: leaving also flushes a pending edit (the owner cleared
        // the title and left within the debounce), and that save reaching main after the discard
        // would fail with 草稿不存在.
        if (leftBlank) void flush().then(() => folioBridge().drafts.discard({ id: initial.id }));
      };
      pendingLeaves.set(initial.id, window.setTimeout(decide, 0));
    };
  }, [initial.id, flush]);

  const change = (patch: Partial<ArticleFields>) => {
    const next = { ...fieldsRef.current, ...patch };
    fieldsRef.current = next;
    setFields(next);
    autosave.edit(next);
  };

  const replaceFields = (next: ArticleFields) => {
    fieldsRef.current = next;
    setFields(next);
  };

  useBackgroundChanges(
    initial.id,
    flush,
    (update) => {
      setDraft((current) => ({ ...current, ...update }));
      setProblem(update.state === 'conflict' ? '' : (update.lastError ?? ''));
    },
    (conflicted) => {
      setDraft(conflicted);
      replaceFields(conflicted.fields);
      setProblem('');
    },
    // Images pasted offline are linked from this disk until the sync uploads them and rewrites
    // their links in the stored draft: until then the editor follows the stored text.
    () => {
      followedFrom.current = fieldsRef.current;
      return fieldsRef.current.content.includes('/draft-images/');
    },
    (stored) => {
      if (fieldsRef.current === followedFrom.current) {
        // Everything typed is in the stored text (merged with what the sync brought in).
        replaceFields(stored.fields);
        return;
      }
      // Typed while the draft was read: those keystrokes stay, with the uploaded links taken over.
      const rewrites = uploadedLinkRewrites(fieldsRef.current.content, stored.fields.content);
      if (rewrites.size > 0) change({ content: applyLinkRewrites(fieldsRef.current.content, rewrites) });
    },
  );

  const handleResult = (result: PublishResult) => {
    if (result.status === 'synced') {
      notify(result.message ?? M.published);
      navigate('/drafts');
      return;
    }
    setDraft(result.draft);
    replaceFields(result.draft.fields);
    setProblem(result.status === 'conflict' ? '' : (result.message ?? result.draft.lastError ?? ''));
    // The toast, the banner and the draft list say the same words: the sync's message.
    if (result.status === 'offline') notify(result.message ?? DesktopMessages.offlineQueued, 'warning');
  };

  const publish = async () => {
    setPublishing(true);
    setProblem('');
    try {
      await autosave.flush();
      handleResult(await call(folioBridge().drafts.publish({ id: draft.id })));
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPublishing(false);
    }
  };

  const restore = async (revision: DraftRevision) => {
    await autosave.flush();
    const restored = await call(folioBridge().drafts.restoreRevision({ id: draft.id, revisionId: revision.id }));
    setDraft(restored);
    replaceFields(restored.fields);
    setShowRevisions(false);
    notify(M.revisionRestored);
  };

  return (
    <>
      <header className={styles.bar}>
        <Button
          appearance="subtle"
          icon={<ArrowLeftRegular />}
          onClick={() => void autosave.flush().then(() => navigate('/drafts'))}
        >
          {M.backToDrafts}
        </Button>
        <div className={styles.heading}>
          <Text as="h1" size={500} weight="semibold" className={styles.title}>
            {fields.title || M.untitled}
          </Text>
          <DraftStateBadge state={draft.state} />
        </div>
        <Text size={200} className={styles.saveStatus} role="status" data-testid="save-status">
          {saveStatusText(autosave.status)}
        </Text>
        <Button
          icon={<FullScreenMaximizeRegular />}
          disabled={conflicted !== null}
          title={M.focusModeShortcut}
          onClick={() => focus.toggle()}
        >
          {M.focusMode}
        </Button>
        <Button icon={<HistoryRegular />} onClick={() => setShowRevisions(true)}>
          {M.revisions}
        </Button>
        <DraftPreviewLinks draft={draft} />
        <Button
          appearance="primary"
          icon={<SendRegular />}
          disabled={publishing || conflicted !== null}
          title={online ? undefined : DesktopMessages.offlineQueued}
          onClick={() => void publish()}
        >
          {publishing ? M.publishing : M.publish}
        </Button>
      </header>
      <main className={styles.body}>
        {problem && (
          <MessageBar intent={draft.state === 'pending' ? 'warning' : 'error'} role="alert">
            <MessageBarBody>{problem}</MessageBarBody>
          </MessageBar>
        )}
        {conflicted ? (
          <ConflictView
            draft={conflicted}
            onResult={handleResult}
            onKeptAsNew={(copy) => {
              notify(M.keptAsNew);
              onReplace(copy);
              navigate(`/drafts/${copy.id}`);
            }}
          />
        ) : (
          <DraftForm
            value={fields}
            onChange={change}
            focus={focus.on}
            onExitFocus={() => focus.toggle(false)}
            moreDetails={<DraftSlugField draft={draft} />}
          />
        )}
      </main>
      <RevisionsDrawer
        draftId={draft.id}
        current={fields}
        open={showRevisions}
        onClose={() => setShowRevisions(false)}
        onRestore={restore}
      />
    </>
  );
}
