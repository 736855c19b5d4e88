import { useMemo, useState } from 'react';
import { Button, Field, Input, MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { CopyRegular, EditRegular } from '@fluentui/react-icons';
import { DesktopMessages, DesktopUiMessages as M, pickArticleFields } from '@folio/shared';
import { mergeArticleFields } from '@folio/shared/three-way-merge';
import type { Draft, PublishResult, ResolveConflictInput } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { MarkdownEditor, SideBySideDiff, usePageStyles } from '../web-admin';
import type { SideBySideDiffLabels } from '../web-admin';
import { CONFLICT_FIELD_LABELS, ConflictFields } from './conflict-fields';

/** The server's copy on the left, the local one on the right. */
const DIFF_LABELS: SideBySideDiffLabels = {
  region: M.conflictTitle,
  left: M.conflictTheirs,
  right: M.conflictMine,
  onlyLeft: M.conflictRemoved,
  onlyRight: M.conflictAdded,
};

type Conflicted = Draft & { conflict: NonNullable<Draft['conflict']> };

export interface ConflictViewProps {
  draft: Conflicted;
  onResult: (result: PublishResult) => void;
  onKeptAsNew: (draft: Draft) => void;
}

/**
 * The server copy changed while the owner wrote: both versions side by side, and every way out
 * keeps both texts somewhere (keep mine, take theirs, merge by hand, or keep mine as a new draft).
 */
export function ConflictView({ draft, onResult, onKeptAsNew }: ConflictViewProps) {
  const page = usePageStyles();
  const { server, base } = draft.conflict;
  // Against the common base: what only one side changed is already merged, only overlaps remain.
  const merge = useMemo(
    () => (server && base ? mergeArticleFields(base, draft.fields, pickArticleFields(server)) : null),
    [server, base, draft.fields],
  );
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState(merge?.merged.content ?? draft.fields.content);
  const titleInConflict = merge?.conflicts.some((conflict) => conflict.field === 'title') ?? false;
  const [mergedTitle, setMergedTitle] = useState(merge?.merged.title ?? draft.fields.title);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const differingFields = (Object.keys(CONFLICT_FIELD_LABELS) as (keyof typeof CONFLICT_FIELD_LABELS)[])
    .filter((field) => field !== 'content' && server !== null && draft.fields[field] !== server[field])
    .map((field) => CONFLICT_FIELD_LABELS[field]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const resolve = (choice: 'mine' | 'theirs' | 'merged') =>
    run(async () => {
      const input: ResolveConflictInput =
        choice === 'merged'
          ? { id: draft.id, choice, text: merged, ...(titleInConflict ? { title: mergedTitle } : {}) }
          : { id: draft.id, choice };
      onResult(await call(folioBridge().drafts.resolveConflict(input)));
    });
  const keepAsNew = () => run(async () => onKeptAsNew(await call(folioBridge().drafts.keepAsNew({ id: draft.id }))));

  return (
    <section className={page.stack} aria-label={M.conflictTitle} data-testid="conflict-view">
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{M.conflictTitle}</MessageBarTitle>
          {M.conflictIntro}
          {server === null && <div>{DesktopMessages.serverCopyDeleted}</div>}
          {merge && <div>{M.conflictOverlapIntro}</div>}
          {!merge && differingFields.length > 0 && <div>{M.conflictFieldsDiffer(differingFields.join('、'))}</div>}
        </MessageBarBody>
      </MessageBar>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {merge ? (
        <ConflictFields conflicts={merge.conflicts} />
      ) : (
        <SideBySideDiff left={server?.content ?? ''} right={draft.fields.content} labels={DIFF_LABELS} />
      )}
      <div className={page.row}>
        <Button appearance="primary" disabled={busy} onClick={() => void resolve('mine')}>
          {M.keepMine}
        </Button>
        <Button disabled={busy || server === null} onClick={() => void resolve('theirs')}>
          {M.takeTheirs}
        </Button>
        <Button disabled={busy || merging} icon={<EditRegular />} onClick={() => setMerging(true)}>
          {M.mergeByHand}
        </Button>
        <Button disabled={busy} icon={<CopyRegular />} onClick={() => void keepAsNew()}>
          {M.keepAsNew}
        </Button>
      </div>
      {merging && (
        <div className={`${page.card} ${page.stack}`}>
          <Text weight="semibold">{M.mergeByHand}</Text>
          {titleInConflict && (
            <Field label={M.title}>
              <Input value={mergedTitle} onChange={(_event, data) => setMergedTitle(data.value)} />
            </Field>
          )}
          <MarkdownEditor value={merged} onChange={setMerged} height="40vh" />
          <div className={page.row}>
            <Button appearance="primary" disabled={busy} onClick={() => void resolve('merged')}>
              {M.saveMerged}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
