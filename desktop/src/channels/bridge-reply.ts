import { z } from 'zod';

/**
 * What every bridge call answers: `{ ok: true, data }` or `{ ok: false, error: { code, message } }`
 * with a Chinese `message` to show as is. Errors travel as values because Electron's
 * contextBridge strips custom properties from thrown errors; `unwrapReply(reply)` turns a failure
 * into a thrown `BridgeError` (with `code`) for code that prefers exceptions.
 */

export const bridgeErrorCodeSchema = z.enum([
  'unknown-channel',
  'forbidden-sender',
  'invalid-argument',
  'invalid-result',
  'internal',
  /** Connection screen: malformed URL / nothing answers / answers but is not Folio / wrong password. */
  'bad-url',
  'unreachable',
  'not-folio',
  'wrong-credentials',
  /** The server answered the sign-in with an error of its own (5xx...). */
  'server-error',
  'not-signed-in',
  'offline',
  'not-found',
  'conflict',
  'cancelled',
  'busy',
]);
export type BridgeErrorCode = z.infer<typeof bridgeErrorCodeSchema>;

export const bridgeFailureSchema = z.object({
  ok: z.literal(false),
  error: z.object({ code: bridgeErrorCodeSchema, message: z.string() }),
});
export type BridgeFailure = z.infer<typeof bridgeFailureSchema>;
export type BridgeReply<T> = { ok: true; data: T } | BridgeFailure;

/** A failure with a code and a Chinese message for the owner. Thrown by handlers; rebuilt by unwrapReply. */
export class BridgeError extends Error {
  constructor(
    readonly code: BridgeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

export const bridgeFailure = (code: BridgeErrorCode, message: string): BridgeFailure => ({ ok: false, error: { code, message } });

/** The data of a successful reply; throws a BridgeError (with its code) for a failure. */
export function unwrapReply<T>(reply: BridgeReply<T>): T {
  if (reply.ok) return reply.data;
  throw new BridgeError(reply.error.code, reply.error.message);
}
