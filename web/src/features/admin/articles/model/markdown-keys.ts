import { EditorSelection, Prec } from '@uiw/react-codemirror';
import type { EditorState, Extension, StateCommand } from '@uiw/react-codemirror';
import { keymap } from '@uiw/react-codemirror';

/**
 * Wraps each selection in `mark` (`**` bold, `*` italic), or takes the marks off when the
 * selection already sits between them; an empty selection gets the two marks with the cursor
 * between them, ready to type.
 */
export function wrapSelections(state: EditorState, mark: string): ReturnType<EditorState['changeByRange']> {
  const size = mark.length;
  return state.changeByRange((range) => {
    const before = state.sliceDoc(range.from - size, range.from);
    const after = state.sliceDoc(range.to, range.to + size);
    // Italic asked inside bold (`**text**`): the star before is half of the bold mark, not italic.
    const inBold =
      size === 1 && state.sliceDoc(range.from - 2, range.from) === '**' && state.sliceDoc(range.from - 3, range.from) !== '***';
    const wrapped = before === mark && after === mark && !inBold;
    if (wrapped) {
      return {
        changes: [
          { from: range.from - size, to: range.from },
          { from: range.to, to: range.to + size },
        ],
        range: EditorSelection.range(range.from - size, range.to - size),
      };
    }
    return {
      changes: [
        { from: range.from, insert: mark },
        { from: range.to, insert: mark },
      ],
      range: EditorSelection.range(range.from + size, range.to + size),
    };
  });
}

const wrapWith =
  (mark: string): StateCommand =>
  ({ state, dispatch }) => {
    dispatch(state.update(wrapSelections(state, mark), { scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };

/** The placeholder address a new link gets, selected so the owner types or pastes the real one over it. */
export const LINK_URL_PLACEHOLDER = 'https://';

/**
 * Makes each selection a Markdown link, `[text](https://)`, with the address selected; a selection
 * that is itself an address becomes the link's address, with the cursor in its empty text.
 */
export function linkSelections(state: EditorState): ReturnType<EditorState['changeByRange']> {
  return state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    if (/^https?:\/\/\S+$/.test(text)) {
      return {
        changes: { from: range.from, to: range.to, insert: `[](${text})` },
        range: EditorSelection.cursor(range.from + 1),
      };
    }
    const insert = `[${text}](${LINK_URL_PLACEHOLDER})`;
    const urlFrom = range.from + text.length + 3;
    return {
      changes: { from: range.from, to: range.to, insert },
      range: EditorSelection.range(urlFrom, urlFrom + LINK_URL_PLACEHOLDER.length),
    };
  });
}

const makeLink: StateCommand = ({ state, dispatch }) => {
  dispatch(state.update(linkSelections(state), { scrollIntoView: true, userEvent: 'input.format' }));
  return true;
};

/**
 * The body's formatting keys, the same in the browser and the desktop (both mount this editor):
 * Ctrl/Cmd+B bold, Ctrl/Cmd+I italic, Ctrl/Cmd+K a link. Ahead of CodeMirror's own bindings
 * (its Ctrl+I selects the parent syntax node).
 */
export const markdownFormatKeys: Extension = Prec.high(
  keymap.of([
    { key: 'Mod-b', run: wrapWith('**'), preventDefault: true },
    { key: 'Mod-i', run: wrapWith('*'), preventDefault: true },
    { key: 'Mod-k', run: makeLink, preventDefault: true },
  ]),
);
