import { describe, expect, it } from 'vitest';
import { EditorSelection, EditorState } from '@uiw/react-codemirror';
import { linkSelections, wrapSelections } from './markdown-keys';

/** Applies a formatting change to `text` with `from..to` selected: the text after, and what is selected. */
function apply(change: (state: EditorState) => ReturnType<EditorState['changeByRange']>, text: string, from: number, to: number) {
  const state = EditorState.create({ doc: text, selection: EditorSelection.range(from, to) });
  const next = state.update(change(state)).state;
  const { main } = next.selection;
  return { text: next.doc.toString(), selected: next.sliceDoc(main.from, main.to), cursor: main.from };
}

describe('the body formatting keys', () => {
  it('wraps the selection in ** for bold and * for italic, keeping it selected', () => {
    expect(apply((state) => wrapSelections(state, '**'), '周末去爬山', 2, 5)).toEqual({
      text: '周末**去爬山**',
      selected: '去爬山',
      cursor: 4,
    });
    expect(apply((state) => wrapSelections(state, '*'), '周末去爬山', 0, 2)).toEqual({
      text: '*周末*去爬山',
      selected: '周末',
      cursor: 1,
    });
  });

  it('takes the marks off a selection already between them, and puts italic inside bold', () => {
    expect(apply((state) => wrapSelections(state, '**'), '**粗体**', 2, 4).text).toBe('粗体');
    expect(apply((state) => wrapSelections(state, '*'), '**粗体**', 2, 4).text).toBe('***粗体***');
  });

  it('gives an empty selection both marks with the cursor between them', () => {
    expect(apply((state) => wrapSelections(state, '**'), 'ab', 1, 1)).toEqual({ text: 'a****b', selected: '', cursor: 3 });
  });

  it('makes a link of the selection with the address selected, or of an address with the text to fill', () => {
    expect(apply(linkSelections, '看这里', 0, 3)).toEqual({ text: '[看这里](https://)', selected: 'https://', cursor: 6 });
    expect(apply(linkSelections, 'https://example.com/a', 0, 21)).toEqual({
      text: '[](https://example.com/a)',
      selected: '',
      cursor: 1,
    });
  });
});
