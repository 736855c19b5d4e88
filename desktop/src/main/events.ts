import { ipcEventName } from '../channels';
import type { EventName, EventPayload, EventSpecs } from '../channels';
import { eventTable } from '../channels';

/** Where events go: the main window's webContents.send, or nothing while there is no window. */
export type EventTarget = { send(channel: string, payload: unknown): void } | undefined;

export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/**
 * A typed emitter of main -> renderer events. Payloads are parsed with the table's schema before
 * sending, so a core module that drifted from the table is caught in main (and logged), never
 * shown to the renderer as a half-valid event.
 */
export function createEventEmitter(target: () => EventTarget, table: EventSpecs = eventTable): EmitEvent {
  return (event, payload) => {
    const schema = table[event];
    const parsed = schema?.safeParse(payload);
    if (parsed === undefined || !parsed.success) {
      console.error(`Folio: refused to send a malformed "${event}" event`, parsed?.error.issues);
      return;
    }
    target()?.send(ipcEventName(event), parsed.data);
  };
}
