import type { Locator } from '@playwright/test';
import { pngBytes } from './admin/admin-helpers.js';

/** A file to hand to the page, its bytes in base64 (what page.evaluate can carry). */
export interface FileSpec {
  name: string;
  base64: string;
  type: string;
}

/** A tiny valid PNG under this name, which the server takes. */
export function pngFile(name: string): FileSpec {
  return { name, base64: pngBytes().toString('base64'), type: 'image/png' };
}

/** Fires a paste or a drop carrying these files (and this text) on `target`, as the browser does for the owner's. */
export async function sendFiles(target: Locator, kind: 'paste' | 'drop', files: FileSpec[], text = ''): Promise<void> {
  await target.evaluate(
    (element, { kind, files, text }) => {
      const data = new DataTransfer();
      if (text) data.setData('text/plain', text);
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const box = element.getBoundingClientRect();
      const event =
        kind === 'paste'
          ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
          : new DragEvent('drop', {
              dataTransfer: data,
              bubbles: true,
              cancelable: true,
              clientX: box.left + 10,
              clientY: box.bottom - 5,
            });
      element.dispatchEvent(event);
    },
    { kind, files, text },
  );
}

/** The document of the CodeMirror editor inside `content` (.cm-content), as CodeMirror holds it. */
export function editorText(content: Locator): Promise<string> {
  return content.evaluate((element) => {
    type Tiled = { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } };
    return (element as unknown as Tiled).cmTile.root.view.state.doc.toString();
  });
}
