import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { cleanDiagramSvg } from './diagram-svg.js';
import type { CleanDiagramSvg } from './diagram-svg.js';

/** One SVG to clean, numbered so the answer finds its request. */
export interface CleaningRequest {
  id: number;
  markup: string;
}

/** The cleaned image, the message of an input refusal (a 400), or an unexpected failure. */
export type CleaningReply =
  { id: number; cleaned: CleanDiagramSvg } | { id: number; refused: string } | { id: number; failed: string };

function clean({ id, markup }: CleaningRequest): CleaningReply {
  try {
    return { id, cleaned: cleanDiagramSvg(markup) };
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return { id, refused: error.message };
    return { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

/** Sent once the thread has loaded, so that a cleaning's time limit does not count the start. */
export const WORKER_READY = 'ready';
/** The `workerData` DiagramSvgCleaner starts its thread with. */
export const CLEANER_WORKER_DATA = 'folio-diagram-svg-cleaner';

// The worker thread's side of DiagramSvgCleaner: cleans each SVG it is sent, in turn. Only in
// the thread started for it: anywhere else (the cleaner imports this module's constants, a test
// runner may run in a worker thread of its own) this module does nothing.
const port = workerData === CLEANER_WORKER_DATA ? parentPort : null;
port?.on('message', (request: CleaningRequest) => {
  port.postMessage(clean(request));
});
port?.postMessage(WORKER_READY);
