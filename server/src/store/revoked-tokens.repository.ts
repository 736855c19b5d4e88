import type { RevokedTokenRecord } from './records.js';
import type { Store } from './store.js';

/**
 * Signed-out tokens, in `revoked-tokens.json`, kept until they would have expired anyway so a
 * logout survives a restart.
 */
export class RevokedTokensRepository {
  constructor(private readonly store: Store) {}

  isRevoked(jti: string): boolean {
    return this.store.state.revokedTokens.items.some((entry) => entry.jti === jti);
  }

  /** Stores `token` and drops the entries expired by `now`: their tokens fail verification on their own. */
  async add(token: RevokedTokenRecord, now: Date): Promise<void> {
    await this.store.mutate(['revokedTokens'], (state) => {
      const list = state.revokedTokens;
      list.items = list.items.filter((entry) => Date.parse(entry.expires_at) > now.getTime());
      list.items.push(token);
    });
  }
}
