import { z } from 'zod';
import { DesktopBridgeMessages as M } from '@folio/shared';
import { BridgeError, bridgeFailure, findChannel } from '../channels';
import type { BridgeReply, ChannelGroups, ChannelSpec } from '../channels';

/**
 * Electron-free dispatch of one bridge call: find the channel, parse the argument with its
 * schema (a bad one never reaches the handler), run the handler, parse its result, and answer a
 * BridgeReply. registerIpc (main) and the Playwright harness both call this, so the renderer sees
 * the same validation in the app and in tests.
 */

type Awaitable<T> = T | Promise<T>;

/** Rules without their own message from shared/ still explain themselves in Chinese. */
const chineseIssues = { error: z.locales.zhCN().localeError };

/** The handler of every channel of a table: takes the parsed argument, returns the result. */
export type BridgeHandlers<T extends ChannelGroups> = {
  readonly [G in keyof T]: {
    readonly [F in keyof T[G]]: T[G][F] extends ChannelSpec
      ? (arg: z.output<T[G][F]['arg']>) => Awaitable<z.input<T[G][F]['result']>>
      : never;
  };
};

export type Dispatch = (channelName: string, arg: unknown) => Promise<BridgeReply<unknown>>;

export interface DispatchOptions {
  /** Where unexpected handler errors go (main: console.error; tests: a spy). */
  logError?: (channelName: string, error: unknown) => void;
}

export function createDispatcher<T extends ChannelGroups>(
  table: T,
  handlers: BridgeHandlers<T>,
  options: DispatchOptions = {},
): Dispatch {
  const logError = options.logError ?? ((name, error) => console.error(`Folio: bridge call ${name} failed`, error));
  return async (channelName, arg) => {
    const spec = findChannel(table, channelName);
    const handler = spec === undefined ? undefined : findHandler(handlers, channelName);
    if (spec === undefined || handler === undefined) return bridgeFailure('unknown-channel', M.unknownChannel(channelName));
    const parsedArg = spec.arg.safeParse(arg, chineseIssues);
    if (!parsedArg.success) {
      return bridgeFailure('invalid-argument', M.invalidArgument(channelName, describeIssues(parsedArg.error)));
    }
    let result: unknown;
    try {
      result = await handler(parsedArg.data);
    } catch (error) {
      if (error instanceof BridgeError) return bridgeFailure(error.code, error.message);
      logError(channelName, error);
      return bridgeFailure('internal', M.internalError);
    }
    const parsedResult = spec.result.safeParse(result);
    if (!parsedResult.success) {
      logError(channelName, parsedResult.error);
      return bridgeFailure('invalid-result', M.invalidResult(channelName));
    }
    return { ok: true, data: parsedResult.data };
  };
}

function findHandler(handlers: object, channelName: string): ((arg: unknown) => unknown) | undefined {
  const [group, fn] = channelName.split('.', 2);
  if (group === undefined || fn === undefined || !Object.hasOwn(handlers, group)) return undefined;
  const functions: unknown = Reflect.get(handlers, group);
  if (typeof functions !== 'object' || functions === null || !Object.hasOwn(functions, fn)) return undefined;
  const handler: unknown = Reflect.get(functions, fn);
  return typeof handler === 'function' ? (arg: unknown) => Reflect.apply(handler, functions, [arg]) : undefined;
}

/** The Chinese messages of the schema rules that failed, with the field path when there is one. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('；');
}
