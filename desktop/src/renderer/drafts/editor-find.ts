import { openSearchPanel } from '@codemirror/search';
import { EditorView } from '@codemirror/view';

/**
 * 查找 (Ctrl/Cmd+F, or the menu): CodeMirror's own search panel (its words and its place in the
 * editor's setup come from MarkdownEditor) in the body editor with the focus, else the first on
 * screen. Loaded with the editor (see useMenuCommands), never before.
 */
export function openEditorFind(): boolean {
  const editor = document.activeElement?.closest<HTMLElement>('.cm-editor') ?? document.querySelector<HTMLElement>('.cm-editor');
  const view = editor ? EditorView.findFromDOM(editor) : null;
  return view ? openSearchPanel(view) : false;
}
