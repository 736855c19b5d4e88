import { openSearchPanel } from '@codemirror/search';
import { EditorState, StateEffect } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { EditorSearchPhrases } from '@folio/shared';

const chinesePhrases = EditorState.phrases.of(EditorSearchPhrases);

/**
 * 查找 (Ctrl/Cmd+F, or the menu): CodeMirror's own search panel, in Chinese, in the body editor
 * with the focus, else the first on screen. Loaded with the editor (see useMenuCommands), never before.
 */
export function openEditorFind(): boolean {
  const editor = document.activeElement?.closest<HTMLElement>('.cm-editor') ?? document.querySelector<HTMLElement>('.cm-editor');
  const view = editor ? EditorView.findFromDOM(editor) : null;
  if (!view) return false;
  if (view.state.phrase('Find') !== EditorSearchPhrases.Find) {
    view.dispatch({ effects: StateEffect.appendConfig.of(chinesePhrases) });
  }
  return openSearchPanel(view);
}
