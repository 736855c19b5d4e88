/** The window event the draft editor listens to when the menu (Ctrl/Cmd+S) asks to save now. */
export const SAVE_NOW_EVENT = 'folio:save-now';

/** Every open editor's flush, so a quit can wait for all of them (see useQuitFlush). */
export const openEditorFlushes = new Set<() => Promise<void>>();
