import { describe, expect, it } from 'vitest';
import { diffSummary, sideBySideDiff } from '../src/common/text-diff.js';

describe('sideBySideDiff', () => {
  it('pairs edited lines with word marks, and shows lines only one side has', () => {
    const server = '第一行\n服务器改过的第二行\n共同的结尾\n';
    const local = '第一行\n我改过的第二行\n共同的结尾\n本地新增一行\n';
    const rows = sideBySideDiff(server, local);
    expect(rows.map((row) => row.kind)).toEqual(['same', 'changed', 'same', 'added']);
    const changed = rows[1];
    expect(
      changed?.left?.segments
        ?.filter((segment) => segment.kind === 'removed')
        .map((s) => s.text)
        .join(''),
    ).toContain('服务器');
    expect(
      changed?.right?.segments
        ?.filter((segment) => segment.kind === 'added')
        .map((s) => s.text)
        .join(''),
    ).toContain('我');
    expect(rows[3]).toMatchObject({ left: null, right: { lineNo: 4, text: '本地新增一行' } });
    expect(diffSummary(rows)).toEqual({ added: 1, removed: 0, changed: 1 });
  });

  it('reports identical texts as all same', () => {
    expect(sideBySideDiff('a\nb', 'a\nb').every((row) => row.kind === 'same')).toBe(true);
  });
});
