import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { bridgeFailure, channelNames, ipcChannelName } from '../channels';
import type { ChannelGroups } from '../channels';
import { createDispatcher } from './dispatch';
import type { BridgeHandlers, DispatchOptions } from './dispatch';
import { isAppUrl } from './app-origin';

export type IpcRegistrar = Pick<IpcMain, 'handle' | 'removeHandler'>;
/** What registerIpc needs of an invoke event: the frame that sent it. */
export type SenderEvent = Pick<IpcMainInvokeEvent, 'senderFrame'>;

/**
 * The app's own frame: a page of app://folio. A frame that navigated elsewhere (which the
 * navigation guard should already prevent), an iframe of another origin or a destroyed frame
 * (senderFrame null) are all refused.
 */
export function isAppFrame(event: SenderEvent): boolean {
  const frame = event.senderFrame;
  return frame !== null && isAppUrl(frame.url);
}

/**
 * Registers one ipcMain handler per channel of the table. Each call is checked in order: the
 * sender is the app's own frame, then (in the dispatcher) the channel is known, the argument
 * parses with the channel's schema, the handler runs, and its result parses too. Refusals are
 * answered as BridgeFailure values with Chinese messages; the handler is never called for them.
 * Returns the function that removes the handlers again.
 */
export function registerIpc<T extends ChannelGroups>(
  ipcMain: IpcRegistrar,
  handlers: BridgeHandlers<T>,
  table: T,
  isTrustedSender: (event: SenderEvent) => boolean = isAppFrame,
  options: DispatchOptions = {},
): () => void {
  const dispatch = createDispatcher(table, handlers, options);
  const names = channelNames(table);
  for (const name of names) {
    ipcMain.handle(ipcChannelName(name), async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event)) return bridgeFailure('forbidden-sender', M.foreignSender);
      // One argument per task function: extra ones are a caller that does not follow the table.
      if (args.length > 1) return bridgeFailure('invalid-argument', M.invalidArgument(name, M.tooManyArguments));
      return dispatch(name, args[0]);
    });
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(ipcChannelName(name));
  };
}
