import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { SubscriberMessages as T } from '@folio/shared';
import { ApiError } from '../../../../lib/api-client';
import { useSnapshotHolder } from '../../../../lib/page-snapshot';
import { Button } from '../../../../components/ui/button';
import { TextInput } from '../../../../components/ui/text-input';
import { subscribe } from '../api/subscribe.api';
import styles from './subscribe-form.module.css';

/**
 * The subscription form (server/API.md §E23.10, §E23.14): an address and 订阅, shown only when the
 * server says readers can subscribe (its pages' snapshot, kept after navigating). Rendered by the
 * server with the page, and its answer line holds its height from the start, so nothing moves.
 */
export function SubscribeForm({ placement }: { placement: 'article' | 'landing' }) {
  const { snapshot } = useSnapshotHolder();
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  if (snapshot?.subscriptionsOpen !== true) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      await subscribe(email);
      // The same words whatever became of the address: the server never says either.
      setAnswer({ text: T.checkYourInbox, failed: false });
      setEmail('');
    } catch (error) {
      setAnswer({ text: error instanceof ApiError && error.status > 0 ? error.message : T.formFailed, failed: true });
    } finally {
      setSending(false);
    }
  };

  const form = (
    <section className={styles.box} aria-labelledby={`${id}-title`} data-testid="subscribe-form">
      <h2 id={`${id}-title`} className={styles.title}>
        {T.formTitle}
      </h2>
      <p className={styles.hint}>{T.formHint}</p>
      <form className={styles.row} onSubmit={(event) => void submit(event)}>
        <label className={styles.label} htmlFor={`${id}-email`}>
          {T.formLabel}
        </label>
        <TextInput
          id={`${id}-email`}
          className={styles.input}
          type="email"
          name="email"
          autoComplete="email"
          required
          // SUBSCRIBER_EMAIL_MAX, written out: its module would bring zod into the public bundle.
          maxLength={254}
          placeholder={T.formPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" appearance="primary" disabled={sending}>
          {sending ? T.formSending : T.formSubmit}
        </Button>
      </form>
      <p role="status" className={answer?.failed ? `${styles.status} ${styles.failed}` : styles.status}>
        {answer?.text ?? ''}
      </p>
    </section>
  );
  // On the landing page it stands after the article list, in the width of the page's sections.
  return placement === 'landing' ? <div className={styles.landing}>{form}</div> : form;
}
