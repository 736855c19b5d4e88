import { normaliseAddress } from './mail-outbox.repository.js';
import { takeNextId } from './record-ids.js';
import type { SubscriberRecord } from './records.js';
import type { Store, StoreState } from './store.js';

/**
 * Readers subscribed by mail to new articles (server/API.md §E23.10), in `subscribers.json`,
 * written through the store's journalled commit. An address is one subscriber whatever its case.
 */
export class SubscribersRepository {
  constructor(private readonly store: Store) {}

  static findByEmail(state: StoreState, email: string): SubscriberRecord | undefined {
    const address = normaliseAddress(email);
    return state.subscribers.items.find((item) => item.email === address);
  }

  /** Every confirmed subscriber, oldest first: those a new article is mailed to. */
  static confirmed(state: StoreState): SubscriberRecord[] {
    return state.subscribers.items.filter((item) => item.confirmed_at !== null);
  }

  /** A new, unconfirmed subscriber, inside a mutation that names `subscribers`. */
  static add(state: StoreState, email: string, at: Date): SubscriberRecord {
    const record: SubscriberRecord = {
      id: takeNextId(state.subscribers),
      email: normaliseAddress(email),
      created_at: at.toISOString(),
      confirmed_at: null,
      confirm_sent_at: null,
    };
    state.subscribers.items.push(record);
    return record;
  }

  /** Drops the unconfirmed subscribers created before `before`: their link has expired, nobody will confirm them. */
  static dropUnconfirmedBefore(state: StoreState, before: Date): void {
    const cut = before.toISOString();
    const file = state.subscribers;
    if (!file.items.some((item) => item.confirmed_at === null && item.created_at < cut)) return;
    file.items = file.items.filter((item) => item.confirmed_at !== null || item.created_at >= cut);
  }

  /** Every subscriber, oldest first. */
  list(): SubscriberRecord[] {
    return [...this.store.state.subscribers.items];
  }

  find(id: number): SubscriberRecord | undefined {
    return this.store.state.subscribers.items.find((item) => item.id === id);
  }

  findByEmail(email: string): SubscriberRecord | undefined {
    return SubscribersRepository.findByEmail(this.store.state, email);
  }

  confirmedCount(): number {
    return SubscribersRepository.confirmed(this.store.state).length;
  }

  /** Marks the address confirmed; undefined when no subscriber has it (removed, or never given). */
  confirm(email: string, at: Date): Promise<SubscriberRecord | undefined> {
    const found = this.findByEmail(email);
    if (!found) return Promise.resolve(undefined);
    if (found.confirmed_at !== null) return Promise.resolve(found);
    return this.store.mutate(['subscribers'], (state) => {
      const record = SubscribersRepository.findByEmail(state, email);
      if (record && record.confirmed_at === null) record.confirmed_at = at.toISOString();
      return record;
    });
  }

  /** Removes the subscriber of `email`; false when there was none (nothing is written). */
  removeByEmail(email: string): Promise<boolean> {
    const found = this.findByEmail(email);
    return found ? this.remove(found.id) : Promise.resolve(false);
  }

  /** Removes one subscriber; false when there is none of that id (nothing is written). */
  async remove(id: number): Promise<boolean> {
    if (!this.find(id)) return false;
    await this.store.mutate(['subscribers'], (state) => {
      state.subscribers.items = state.subscribers.items.filter((item) => item.id !== id);
    });
    return true;
  }

  /** Runs `change` in one commit with the subscribers and the mail outbox (a subscription and its confirmation mail). */
  withMail<R>(change: (state: StoreState) => R): Promise<R> {
    return this.store.mutate(['subscribers', 'mail'], change);
  }
}
