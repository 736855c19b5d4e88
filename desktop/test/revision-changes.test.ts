import { describe, expect, it } from 'vitest';
import { DesktopUiMessages as M, emptyArticleFields } from '@folio/shared';
import type { ArticleFields } from '@folio/shared';
import { revisionChanges } from '../src/renderer/drafts/revision-changes';

function fields(patch: Partial<ArticleFields>): ArticleFields {
  return { ...emptyArticleFields(), title: '春天', content: '第一段\n第二段\n', ...patch };
}

describe('what a local snapshot differs in from the current text', () => {
  const current = fields({ content: '第一段\n第二段，改了\n第三段\n' });

  it('counts and marks the body’s changed lines, snapshot to current', () => {
    const changes = revisionChanges(fields({}), current);
    expect(changes.same).toBe(false);
    expect(changes.counts).toEqual({ added: 1, removed: 0, changed: 1 });
    expect(changes.lines).toHaveLength(2);
    expect(
      changes.lines[0]
        ?.filter((run) => run.kind === 'added')
        .map((run) => run.text)
        .join(''),
    ).toContain('改了');
    expect(changes.lines[1]).toEqual([{ kind: 'added', text: '第三段' }]);
    expect(changes.title).toBeNull();
    expect(changes.otherFields).toEqual([]);
  });

  it('names an earlier title and the other fields that differ', () => {
    const changes = revisionChanges(fields({ title: '冬天', tags: '雪', cover: 'a.png', content: current.content }), current);
    expect(changes.counts).toEqual({ added: 0, removed: 0, changed: 0 });
    expect(changes.lines).toEqual([]);
    expect(changes.title).toBe('冬天');
    expect(changes.otherFields).toEqual([M.tags, M.columnCover]);
  });

  it('says when a snapshot is the current text', () => {
    expect(revisionChanges(current, { ...current }).same).toBe(true);
  });
});
