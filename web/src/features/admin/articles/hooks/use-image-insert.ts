import { useCallback, useMemo, useRef, useState } from 'react';
import { EditorView } from '@uiw/react-codemirror';
import type { Extension } from '@uiw/react-codemirror';
import { CommonUiMessages, ImageInsertMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import type { UploadImage } from '../api/image-upload';
import {
  ALT_TEXT_OFFSET,
  findPlaceholder,
  imageMarkdown,
  pastedFiles,
  pendingImagesFor,
  splitImageFiles,
} from '../model/image-placeholders';
import type { PendingImage } from '../model/image-placeholders';

/** An upload under way, for the progress line. */
export interface UploadProgress {
  line: string;
  name: string;
  percent: number;
}

export interface ImageInsert {
  /** Paste and drop handlers for the editor; the same object for the editor's whole life. */
  extension: Extension;
  /** Tells the hook which editor the 插入图片 button inserts into. */
  attachView: (view: EditorView) => void;
  /** Uploads files at the cursor (the 插入图片 button). */
  insertAtCursor: (files: readonly File[]) => void;
  uploads: UploadProgress[];
  /** Why the last refused files were refused, in Chinese; null when nothing was. */
  problem: string | null;
  dismissProblem: () => void;
}

/**
 * Images pasted, dropped or picked into the body: a placeholder line at the cursor (or where they
 * fell) for each, uploaded side by side through `uploadImage`, each replaced by its Markdown image
 * when the server answers, or taken out again (the text as it was) with the server's reason.
 */
export function useImageInsert(uploadImage: UploadImage | undefined): ImageInsert {
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const viewRef = useRef<EditorView | null>(null);
  // Read when files arrive: the handlers below are built once and must see the newest uploader.
  const uploadRef = useRef(uploadImage);
  uploadRef.current = uploadImage;

  const uploadOne = useCallback(async (view: EditorView, pending: PendingImage, upload: UploadImage) => {
    const setPercent = (fraction: number) => {
      const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
      setUploads((all) => all.map((item) => (item.line === pending.line ? { ...item, percent } : item)));
    };
    let replacement: string | null = null;
    try {
      replacement = imageMarkdown(await upload(pending.file, setPercent));
    } catch (error) {
      setProblem(ImageInsertMessages.failed(pending.name, errorMessage(error, CommonUiMessages.networkError)));
    }
    setUploads((all) => all.filter((item) => item.line !== pending.line));
    // The editor may be gone (the owner left the page); its text went with it.
    if (!view.dom.isConnected) return;
    const range = findPlaceholder(view.state.doc.toString(), pending);
    if (!range) return;
    const keepsLineBreak = range.to - range.from === pending.line.length;
    const insert = replacement === null ? '' : replacement + (keepsLineBreak ? '\n' : '');
    // The cursor still where the insertion left it, just after this placeholder: it goes into the
    // image's empty alt text, for the owner to describe it. One moved elsewhere is left alone.
    const head = view.state.selection.main;
    const waiting = replacement !== null && head.empty && head.head === range.to;
    view.dispatch({
      changes: { ...range, insert },
      ...(waiting ? { selection: { anchor: range.from + ALT_TEXT_OFFSET } } : {}),
    });
  }, []);

  const insertAt = useCallback(
    (view: EditorView, files: readonly File[], position: number) => {
      const { images, refused } = splitImageFiles(files);
      const upload = uploadRef.current;
      if (refused.length > 0) setProblem(ImageInsertMessages.notImage(refused.join('、')));
      else if (images.length > 0 && !upload) setProblem(ImageInsertMessages.noServer);
      else setProblem(null);
      if (images.length === 0 || !upload) return;
      const pending = pendingImagesFor(images);
      const lines = pending.map((item) => item.line).join('');
      // The cursor left in the empty alt text of the image before: the next ones go after its line.
      const { doc } = view.state;
      const inEmptyAlt = doc.sliceString(position - 2, position) === '![' && doc.sliceString(position, position + 2) === '](';
      const line = doc.lineAt(position);
      const from = inEmptyAlt ? (line.to < doc.length ? line.to + 1 : line.to) : position;
      const text = inEmptyAlt && from === line.to ? `\n${lines}` : lines;
      view.dispatch({
        changes: { from, insert: text },
        selection: { anchor: from + text.length },
        scrollIntoView: true,
      });
      view.focus();
      setUploads((all) => [...all, ...pending.map((item) => ({ line: item.line, name: item.name, percent: 0 }))]);
      for (const item of pending) void uploadOne(view, item, upload);
    },
    [uploadOne],
  );

  const extension = useMemo(
    () => [
      EditorView.domEventHandlers({
        paste(event, view) {
          const files = pastedFiles(event.clipboardData);
          if (files.length === 0) return false;
          event.preventDefault();
          insertAt(view, files, view.state.selection.main.head);
          return true;
        },
        // Files dragged over the editor are its own: the desktop's window-wide drop (本地导入) leaves
        // a prevented drag alone.
        dragover(event) {
          if (!Array.from(event.dataTransfer?.types ?? []).includes('Files')) return false;
          event.preventDefault();
          return false;
        },
        drop(event, view) {
          const files = Array.from(event.dataTransfer?.files ?? []);
          if (files.length === 0) return false;
          event.preventDefault();
          const position = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
          insertAt(view, files, position);
          return true;
        },
      }),
    ],
    [insertAt],
  );

  const insertAtCursor = useCallback(
    (files: readonly File[]) => {
      const view = viewRef.current;
      if (view) insertAt(view, files, view.state.selection.main.head);
    },
    [insertAt],
  );

  const attachView = useCallback((view: EditorView) => {
    viewRef.current = view;
  }, []);

  return { extension, attachView, insertAtCursor, uploads, problem, dismissProblem: () => setProblem(null) };
}
