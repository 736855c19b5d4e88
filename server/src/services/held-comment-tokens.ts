import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token a held comment's POST answer carries (server/API.md §E12.6): an HMAC of the comment id,
 * keyed by the token secret with a purpose prefix, so only the browser that posted the comment can
 * ask whether it is still held, and no id can be walked to learn about others' comments.
 */
export class HeldCommentTokens {
  constructor(private readonly secret: string) {}

  sign(commentId: number): string {
    return createHmac('sha256', this.secret).update(`folio-held-comment\n${commentId}`).digest('base64url');
  }

  /** Whether `token` is this comment's; the comparison takes the same time whatever it holds. */
  verify(commentId: number, token: string): boolean {
    const expected = Buffer.from(this.sign(commentId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
