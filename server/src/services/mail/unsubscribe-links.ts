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

/** The public routes a subscriber's links point at (server/API.md §E23.10). */
export const SUBSCRIBER_CONFIRM_PATH = '/api/subscribers/confirm';
export const SUBSCRIBER_UNSUBSCRIBE_PATH = '/api/subscribers/unsubscribe';

/** How long a subscription's confirmation link works. */
export const SUBSCRIBER_CONFIRM_LIFE_MS = 48 * 60 * 60_000;

/**
 * The links of subscription mail (server/API.md §E23.10): one `token` parameter holding the address
 * (and, for a confirmation, its expiry) and an HMAC of them, keyed like {@link SignedAddressLinks}
 * by the token secret under a purpose of its own. Nothing is stored: the signature is the proof,
 * and a confirmation link stops working 48 hours after it was made.
 */
export class SubscriberLinks {
  constructor(private readonly secret: string) {}

  confirmLink(siteOrigin: string, address: string, now: Date): string {
    const expires = String(now.getTime() + SUBSCRIBER_CONFIRM_LIFE_MS);
    return `${siteOrigin}${SUBSCRIBER_CONFIRM_PATH}?token=${this.token('subscribe-confirm', [normaliseAddress(address), expires])}`;
  }

  unsubscribeLink(siteOrigin: string, address: string): string {
    return `${siteOrigin}${SUBSCRIBER_UNSUBSCRIBE_PATH}?token=${this.token('subscribe-stop', [normaliseAddress(address)])}`;
  }

  /** The address a confirmation token was signed for, while it is valid at `now`; undefined otherwise. */
  confirmedAddress(token: string, now: Date): string | undefined {
    const parts = this.read('subscribe-confirm', token);
    if (parts?.length !== 2) return undefined;
    const expires = Number(parts[1]);
    return Number.isSafeInteger(expires) && expires > now.getTime() ? parts[0] : undefined;
  }

  /** The address an unsubscribe token was signed for; undefined for a token not signed here. */
  unsubscribedAddress(token: string): string | undefined {
    const parts = this.read('subscribe-stop', token);
    return parts?.length === 1 ? parts[0] : undefined;
  }

  private token(purpose: string, parts: string[]): string {
    const payload = Buffer.from(parts.join('\n')).toString('base64url');
    return `${payload}.${this.sign(purpose, payload)}`;
  }

  private read(purpose: string, token: string): string[] | undefined {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(purpose, payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return Buffer.from(payload, 'base64url').toString('utf8').split('\n');
  }

  private sign(purpose: string, payload: string): string {
    return createHmac('sha256', this.secret).update(`folio-mail-${purpose}\n${payload}`).digest('base64url');
  }
}
