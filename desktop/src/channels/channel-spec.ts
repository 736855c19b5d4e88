import type { z } from 'zod';

/** One bridge task function: argument schema and result schema. */
export interface ChannelSpec<A extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly arg: A;
  readonly result: R;
}
export type ChannelGroups = Readonly<Record<string, Readonly<Record<string, ChannelSpec>>>>;
export type EventSpecs = Readonly<Record<string, z.ZodType>>;

export const channel = <A extends z.ZodType, R extends z.ZodType>(arg: A, result: R): ChannelSpec<A, R> => ({ arg, result });

/** `profiles.list` -> `folio:profiles.list`: the IPC channel name (prefixed so nothing else collides). */
export const ipcChannelName = (channelName: string): string => `folio:${channelName}`;
/** `menu` -> `folio-event:menu`. */
export const ipcEventName = (eventName: string): string => `folio-event:${eventName}`;

/** Every task function's dotted name, e.g. `drafts.save`. */
export function channelNames(table: ChannelGroups): string[] {
  return Object.entries(table).flatMap(([group, functions]) => Object.keys(functions).map((fn) => `${group}.${fn}`));
}

/** The spec of a dotted name, or undefined for an unknown one (own properties only: no `__proto__` tricks). */
export function findChannel(table: ChannelGroups, channelName: string): ChannelSpec | undefined {
  const dot = channelName.indexOf('.');
  if (dot <= 0) return undefined;
  const group = channelName.slice(0, dot);
  const fn = channelName.slice(dot + 1);
  if (!Object.hasOwn(table, group)) return undefined;
  const functions = table[group];
  if (functions === undefined || !Object.hasOwn(functions, fn)) return undefined;
  return functions[fn];
}
