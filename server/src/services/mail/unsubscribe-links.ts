import { createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseAddress } from '../../store/mail-outbox.repository.js';

/** The public route a reply mail's unsubscribe link points at (server/API.md §E13). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/**
 * Signed one-click unsubscribe links: the link carries the address and an HMAC of it, so it works
 * without signing in, and nobody can unsubscribe an address they were not sent a mail for.
 * Keyed by the token secret (configured or generated), with a purpose prefix so a token signed
 * here is never a valid signature of anything else.
 */
export class UnsubscribeLinks {
  constructor(private readonly secret: string) {}

  link(siteOrigin: string, address: string): string {
    const normalised = normaliseAddress(address);
    const query = new URLSearchParams({ address: normalised, token: this.sign(normalised) });
    return `${siteOrigin}${UNSUBSCRIBE_PATH}?${query.toString()}`;
  }

  /** Whether `token` is the signature of `address`; the comparison takes the same time whatever it holds. */
  verify(address: string, token: string): boolean {
    const expected = Buffer.from(this.sign(normaliseAddress(address)));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(normalisedAddress: string): string {
    return createHmac('sha256', this.secret).update(`folio-mail-unsubscribe\n${normalisedAddress}`).digest('base64url');
  }
}
