import { DesktopBridgeMessages } from '@folio/shared';
import type { BridgeReply, FolioBridge } from '../../channels';
import { unwrapReply } from '../../channels';

/** The preload's `window.folio`; the renderer is useless without it, so its absence is fatal. */
export function folioBridge(): FolioBridge {
  const bridge = window.folio;
  if (!bridge) throw new Error(DesktopBridgeMessages.bridgeUnavailable);
  return bridge;
}

/** Awaits a bridge call and throws its BridgeError (Chinese message, code) on failure. */
export async function call<T>(reply: Promise<BridgeReply<T>>): Promise<T> {
  return unwrapReply(await reply);
}
