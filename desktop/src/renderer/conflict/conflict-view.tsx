import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { CopyRegular, EditRegular } from '@fluentui/react-icons';
import { DesktopMessages, DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { Draft, PublishResult } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { MarkdownEditor, SideBySideDiff, usePageStyles } from '../web-admin';
import type { SideBySideDiffLabels } from '../web-admin';

const FIELD_LABELS: Record<Exclude<keyof ArticleFields, 'content'>, string> = {
  title: M.title,
  category: M.category,
  tags: M.tags,
  summary: M.summary,
  cover: M.columnCover,
};

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
  const server = draft.conflict.server;
  const [merging, setMerging] = useState(false);
  const [merged, setMerged] = useState(draft.fields.content);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const differingFields = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((field) => server !== null && draft.fields[field] !== server[field])
    .map((field) => FIELD_LABELS[field]);

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
      const input = choice === 'merged' ? { id: draft.id, choice, text: merged } : { id: draft.id, choice };
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
          {differingFields.length > 0 && <div>{M.conflictFieldsDiffer(differingFields.join('、'))}</div>}
        </MessageBarBody>
      </MessageBar>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <SideBySideDiff left={server?.content ?? ''} right={draft.fields.content} labels={DIFF_LABELS} />
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
