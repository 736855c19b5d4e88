import { describe, expect, it } from 'vitest';
import { DesktopUiMessages as M } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import type { PublishResult } from '../src/channels';
import { describeFieldOutcomes } from '../src/renderer/conflict/field-outcomes';
import { inlineDiffAgainstBase } from '../src/renderer/conflict/inline-diff';
import { hasConflictMarkers, textWithConflictMarkers } from '../src/renderer/conflict/merge-markers';
import { describeResolution, fieldsWithMarkers, initialDecisions, mergedResolution } from '../src/renderer/conflict/resolution';

function article(fields: Partial<ArticleFields>): ArticleFields {
  return { title: '标题', category: '随笔', tags: '春天', summary: '', cover: '', content: '第一段\n\n第二段', ...fields };
}

const base = article({});
const local = article({ title: '本机标题', tags: '春天,本机', content: '第一段\n\n第二段，本机', cover: 'local.png' });
const remote = article({ title: '网页标题', tags: '春天,网页', content: '第一段（网页）\n\n第二段，网页', summary: '网页摘要' });

describe('the conflict screen', () => {
  it('says for every field what the merge against the base did', () => {
    const kinds = Object.fromEntries(describeFieldOutcomes(base, local, remote).map((o) => [o.field, o.kind]));
    expect(kinds).toEqual({
      title: 'conflict',
      category: 'unchanged',
      tags: 'merged',
      summary: 'server',
      cover: 'local',
      content: 'conflict',
    });
  });

  it('without a base, a field the two sides hold differently is a conflict', () => {
    const kinds = describeFieldOutcomes(null, local, remote).map((o) => o.kind);
    expect(kinds).toEqual(['conflict', 'same', 'conflict', 'conflict', 'conflict', 'conflict']);
  });

  it('starts the hand merge of the body from both sides: the clean change and the overlap between markers', () => {
    const text = textWithConflictMarkers(base.content, local.content, remote.content);
    expect(text).toBe(
      [
        '第一段（网页）',
        '',
        `<<<<<<< ${M.conflictMine}`,
        '第二段，本机',
        '=======',
        '第二段，网页',
        `>>>>>>> ${M.conflictTheirs}`,
      ].join('\n'),
    );
    expect(hasConflictMarkers(text)).toBe(true);
    expect(hasConflictMarkers('第一段\n=====\n第二段')).toBe(false);
  });

  it('without a base, the shared lines stand in for it so neither side loses a line', () => {
    const text = textWithConflictMarkers(null, '甲\n乙\n本机加的', '甲\n网页加的\n乙');
    expect(text).toBe('甲\n网页加的\n乙\n本机加的');
  });

  it('marks what a side added and removed against the base, inline', () => {
    expect(inlineDiffAgainstBase('春天,随笔', '春天,网页')).toEqual([
      [
        { kind: 'same', text: '春天,' },
        { kind: 'removed', text: '随笔' },
        { kind: 'added', text: '网页' },
      ],
    ]);
    expect(inlineDiffAgainstBase('一\n二', '一\n三\n二').map((line) => line.map((run) => run.kind))).toEqual([
      ['same'],
      ['added'],
      ['same'],
    ]);
  });

  it('sends the body and each field both sides changed as decided; markers left are caught', () => {
    const outcomes = describeFieldOutcomes(base, local, remote);
    const decisions = initialDecisions(outcomes);
    expect(Object.keys(decisions).sort()).toEqual(['content', 'tags', 'title']);
    expect(decisions.tags?.text).toBe('春天,本机,网页');
    expect(fieldsWithMarkers(outcomes, decisions)).toEqual(['content']);

    decisions.title = { choice: 'server', text: '' };
    decisions.content = { choice: 'manual', text: '合并好的正文' };
    expect(fieldsWithMarkers(outcomes, decisions)).toEqual([]);
    expect(mergedResolution('d1', outcomes, decisions)).toEqual({
      id: 'd1',
      choice: 'merged',
      title: '网页标题',
      tags: '春天,本机,网页',
      text: '合并好的正文',
    });
  });

  it('each choice says what it did; an offline one keeps the one offline message', () => {
    const synced = {
      status: 'synced',
      message: null,
      draft: { state: 'synced', serverStatus: 'published' },
    } as unknown as PublishResult;
    expect(describeResolution('theirs', synced, false).message).toBe(M.resolvedTookServer);
    expect(describeResolution('mine', synced, false).message).toBe(M.resolvedKeptMine);
    expect(describeResolution('merged', synced, false).message).toBe(M.resolvedMerged);
    expect(describeResolution('mine', synced, true).message).toBe(M.published);
    // Sent as the background sync sends: a server draft stays a draft, an autosave stays 仅本地.
    const serverDraft = {
      status: 'synced',
      message: null,
      draft: { state: 'synced', serverStatus: 'draft' },
    } as unknown as PublishResult;
    expect(describeResolution('mine', serverDraft, false).message).toBe(M.resolvedKeptMineUnpublished);
    expect(describeResolution('merged', serverDraft, false).message).toBe(M.resolvedMergedUnpublished);
    expect(describeResolution('mine', serverDraft, true).message).toBe(M.resolvedRecreatedUnpublished);
    const autosaved = {
      status: 'synced',
      message: null,
      draft: { state: 'local', serverStatus: 'published' },
    } as unknown as PublishResult;
    expect(describeResolution('merged', autosaved, false).message).toBe(M.resolvedMergedUnpublished);
    const offline = { status: 'offline', message: '离线消息' } as unknown as PublishResult;
    expect(describeResolution('mine', offline, false).message).toBe('离线消息');
  });
});
