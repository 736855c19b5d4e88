import { describe, expect, it } from 'vitest';
import { diffSummary, sideBySideDiff } from './text-diff.js';

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

describe('sideBySideDiff, more shapes', () => {
  it('numbers each side on its own, pairing a removal with the line that replaced it', () => {
    const rows = sideBySideDiff('一\n二\n三\n四\n', '一\n三\n四（改）\n');
    expect(rows.map((row) => row.kind)).toEqual(['same', 'removed', 'same', 'changed']);
    expect(rows[1]).toEqual({ kind: 'removed', left: { lineNo: 2, text: '二' }, right: null });
    expect(rows[3]).toMatchObject({ left: { lineNo: 4, text: '四' }, right: { lineNo: 3, text: '四（改）' } });
    expect(diffSummary(rows)).toEqual({ added: 0, removed: 1, changed: 1 });
  });

  it('ignores the difference between CRLF and LF line ends', () => {
    expect(sideBySideDiff('a\r\nb\r\n', 'a\nb\n').every((row) => row.kind === 'same')).toBe(true);
  });

  it('shows every line of a text added from nothing', () => {
    const rows = sideBySideDiff('', '甲\n乙');
    expect(rows).toEqual([
      { kind: 'added', left: null, right: { lineNo: 1, text: '甲' } },
      { kind: 'added', left: null, right: { lineNo: 2, text: '乙' } },
    ]);
  });
});
