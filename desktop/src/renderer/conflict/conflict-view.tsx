import { useMemo, useState } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { CopyRegular, EditRegular } from '@fluentui/react-icons';
import { DesktopMessages, DesktopUiMessages as M, pickArticleFields } from '@folio/shared';
import type { Draft, PublishResult, ResolveConflictInput } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';
import { SideBySideDiff, usePageStyles } from '../web-admin';
import type { SideBySideDiffLabels } from '../web-admin';
import { CONFLICT_FIELD_LABELS, ConflictFields } from './conflict-fields';
import { FieldChoice } from './field-choice';
import { describeFieldOutcomes } from './field-outcomes';
import { describeResolution, fieldsWithMarkers, initialDecisions, mergedResolution } from './resolution';
import type { FieldDecisions } from './resolution';

/** With the server copy deleted: nothing on the left, the local text on the right. */
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
 * The server copy changed while the owner wrote. Every field says what the merge against the
 * common base did with it, a real overlap shows the base and both sides, and every way out keeps
 * both texts somewhere (keep mine, take theirs, merge by hand field by field, or keep mine as a
 * new draft).
 */
export function ConflictView(props: ConflictViewProps) {
  // A new conflict (the server moved again while resolving) starts the screen afresh.
  return <ConflictScreen key={props.draft.conflict.detectedAt} {...props} />;
}

function ConflictScreen({ draft, onResult, onKeptAsNew }: ConflictViewProps) {
  const page = usePageStyles();
  const { server, base } = draft.conflict;
  const outcomes = useMemo(
    () => (server ? describeFieldOutcomes(base, draft.fields, pickArticleFields(server)) : []),
    [server, base, draft.fields],
  );
  const [merging, setMerging] = useState(false);
  const [decisions, setDecisions] = useState<FieldDecisions>(() => initialDecisions(outcomes));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

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
  const resolve = (choice: ResolveConflictInput['choice']) => {
    if (choice === 'merged') {
      const marked = fieldsWithMarkers(outcomes, decisions);
      if (marked.length > 0) {
        setError(M.conflictMarkersLeft(marked.map((field) => CONFLICT_FIELD_LABELS[field]).join('、')));
        return;
      }
    }
    const input = choice === 'merged' ? mergedResolution(draft.id, outcomes, decisions) : { id: draft.id, choice };
    return run(async () => {
      const result = await call(folioBridge().drafts.resolveConflict(input));
      onResult(describeResolution(choice, result, server === null));
    });
  };
  const keepAsNew = () => run(async () => onKeptAsNew(await call(folioBridge().drafts.keepAsNew({ id: draft.id }))));

  return (
    <section className={page.stack} aria-label={M.conflictTitle} data-testid="conflict-view">
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{M.conflictTitle}</MessageBarTitle>
          {M.conflictIntro}
          <div>{server === null ? DesktopMessages.serverCopyDeleted : base ? M.conflictOverlapIntro : M.conflictNoBaseIntro}</div>
        </MessageBarBody>
      </MessageBar>
      {server ? (
        <div className={page.card}>
          <ConflictFields
            outcomes={outcomes}
            renderChoice={(outcome) => {
              const decision = decisions[outcome.field];
              if (!merging || !decision) return null;
              return (
                <FieldChoice
                  outcome={outcome}
                  decision={decision}
                  onChange={(next) => setDecisions((current) => ({ ...current, [outcome.field]: next }))}
                />
              );
            }}
          />
        </div>
      ) : (
        <SideBySideDiff left="" right={draft.fields.content} labels={DIFF_LABELS} />
      )}
      {/* Beside the buttons: a refusal shows where the owner just clicked. */}
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {merging && (
        <div className={`${page.card} ${page.stack}`}>
          <Text weight="semibold">{M.mergeByHand}</Text>
          <Text>{M.conflictManualHint}</Text>
          <div className={page.row}>
            <Button appearance="primary" disabled={busy} onClick={() => void resolve('merged')}>
              {M.saveMerged}
            </Button>
            <Button disabled={busy} onClick={() => setMerging(false)}>
              {M.cancelMerge}
            </Button>
          </div>
        </div>
      )}
      {!merging && (
        <div className={page.row}>
          <Button appearance="primary" disabled={busy} onClick={() => void resolve('mine')}>
            {M.keepMine}
          </Button>
          <Button disabled={busy || server === null} onClick={() => void resolve('theirs')}>
            {M.takeTheirs}
          </Button>
          <Button disabled={busy || server === null} icon={<EditRegular />} onClick={() => setMerging(true)}>
            {M.mergeByHand}
          </Button>
          <Button disabled={busy} icon={<CopyRegular />} onClick={() => void keepAsNew()}>
            {M.keepAsNew}
          </Button>
        </div>
      )}
    </section>
  );
}
