import { z } from 'zod';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { BridgeError, bridgeFailure, bridgeFailureSchema } from './bridge-reply';
import type { BridgeReply } from './bridge-reply';
import { ipcChannelName, ipcEventName } from './channel-spec';
import type { ChannelGroups, ChannelSpec, EventSpecs } from './channel-spec';
import type { ChannelTable, EventTable } from './channel-table';

type TaskFunction<S extends ChannelSpec> =
  undefined extends z.input<S['arg']>
    ? (arg?: z.input<S['arg']>) => Promise<BridgeReply<z.output<S['result']>>>
    : (arg: z.input<S['arg']>) => Promise<BridgeReply<z.output<S['result']>>>;

export type BridgeFunctions<T extends ChannelGroups> = {
  readonly [G in keyof T]: { readonly [F in keyof T[G]]: T[G][F] extends ChannelSpec ? TaskFunction<T[G][F]> : never };
};

export interface BridgeEvents<E extends EventSpecs> {
  /** Listen to a main -> renderer event; returns the function that stops listening. */
  on<N extends keyof E & string>(event: N, listener: (payload: z.output<E[N]>) => void): () => void;
}

/** Things the preload answers itself without IPC. */
export interface BridgeLocal {
  /** The absolute path of a file dropped on the window (Electron's webUtils.getPathForFile); '' if none. */
  pathForFile(file: File): string;
}

/** The type of `window.folio`. */
export type FolioBridge = BridgeFunctions<ChannelTable> & BridgeEvents<EventTable> & BridgeLocal;

/** Sends one call to main (ipcRenderer.invoke, or the harness's exposeBinding function). */
export type BridgeInvoke = (ipcChannel: string, arg: unknown) => Promise<unknown>;
/** Listens to one event channel from main; returns the unsubscribe function. */
export type BridgeSubscribe = (ipcEvent: string, listener: (payload: unknown) => void) => () => void;

/**
 * Builds the `window.folio` object from the table. Replies are checked against the channel's
 * result schema here too, so a harness or a main process that drifted from the table shows up as
 * an `invalid-result` failure instead of a wrongly typed value deep inside the renderer.
 */
export function createBridge<T extends ChannelGroups, E extends EventSpecs>(
  table: { channels: T; events: E },
  invoke: BridgeInvoke,
  subscribe: BridgeSubscribe,
  local: BridgeLocal,
): BridgeFunctions<T> & BridgeEvents<E> & BridgeLocal {
  const groups: Record<string, Record<string, (arg?: unknown) => Promise<BridgeReply<unknown>>>> = {};
  for (const [group, functions] of Object.entries(table.channels)) {
    const built: Record<string, (arg?: unknown) => Promise<BridgeReply<unknown>>> = {};
    for (const [fn, spec] of Object.entries(functions)) {
      const name = `${group}.${fn}`;
      built[fn] = async (arg?: unknown) => readReply(name, spec, await invoke(ipcChannelName(name), arg));
    }
    groups[group] = Object.freeze(built);
  }
  const events: BridgeEvents<E> = {
    on<N extends keyof E & string>(event: N, listener: (payload: z.output<E[N]>) => void) {
      const schema = Object.hasOwn(table.events, event) ? table.events[event] : undefined;
      if (schema === undefined) throw new BridgeError('unknown-channel', M.unknownChannel(event));
      return subscribe(ipcEventName(event), (payload) => {
        const parsed = schema.safeParse(payload);
        // safeParse of a generic E[N] is typed with the ZodType constraint (unknown); the data is E[N]'s output.
        if (parsed.success) listener(parsed.data as z.output<E[N]>);
        else console.error(`Folio: dropped a malformed "${event}" event`, parsed.error.issues);
      });
    },
  };
  const bridge = { ...groups, on: events.on, pathForFile: (file: File) => local.pathForFile(file) };
  // The loops above built exactly the keys and signatures BridgeFunctions<T> describes; TypeScript
  // cannot follow a mapped type through Object.entries, hence this single cast.
  return Object.freeze(bridge) as unknown as BridgeFunctions<T> & BridgeEvents<E> & BridgeLocal;
}

function readReply(name: string, spec: ChannelSpec, raw: unknown): BridgeReply<unknown> {
  const failure = bridgeFailureSchema.safeParse(raw);
  if (failure.success) return failure.data;
  const success = z.object({ ok: z.literal(true), data: z.unknown() }).safeParse(raw);
  if (!success.success) return bridgeFailure('invalid-result', M.malformedAnswer);
  const data = spec.result.safeParse(success.data.data);
  if (!data.success) return bridgeFailure('invalid-result', M.invalidResult(name));
  return { ok: true, data: data.data };
}
