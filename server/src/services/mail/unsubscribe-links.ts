import { createHmac, timingSafeEqual } from 'node:crypto';
import { normaliseAddress } from '../../store/mail-outbox.repository.js';

/** The public route a reply mail's unsubscribe link points at (server/API.md §E13.2). */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

/** The public route a confirmation mail's link points at (server/API.md §E13.3). */
export const CONFIRM_PATH = '/api/mail/confirm';

/**
 * Signed links about one address: the link carries the address and an HMAC of it, so it works
 * without signing in, and nobody can make one for an address they were not sent a mail at.
 * Keyed by the token secret (configured or generated), with a purpose prefix so a token signed for
 * one purpose (unsubscribe, confirm) is never a valid signature of anything else.
 */
class SignedAddressLinks {
  constructor(
    private readonly secret: string,
    private readonly purpose: 'unsubscribe' | 'confirm',
    private readonly routePath: string,
  ) {}

  link(siteOrigin: string, address: string): string {
    const normalised = normaliseAddress(address);
    const query = new URLSearchParams({ address: normalised, token: this.sign(normalised) });
    return `${siteOrigin}${this.routePath}?${query.toString()}`;
  }

  /** Whether `token` is the signature of `address`; the comparison takes the same time whatever it holds. */
  verify(address: string, token: string): boolean {
    const expected = Buffer.from(this.sign(normaliseAddress(address)));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(normalisedAddress: string): string {
    return createHmac('sha256', this.secret).update(`folio-mail-${this.purpose}\n${normalisedAddress}`).digest('base64url');
  }
}

/** One-click unsubscribe links of reply mail (and of confirmation requests). */
export class UnsubscribeLinks extends SignedAddressLinks {
  constructor(secret: string) {
    super(secret, 'unsubscribe', UNSUBSCRIBE_PATH);
  }
}

/** The link that confirms an address for reply mail: only whoever reads its inbox can follow it. */
export class ConfirmLinks extends SignedAddressLinks {
  constructor(secret: string) {
    super(secret, 'confirm', CONFIRM_PATH);
  }
}
