import { useLayoutEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import {
  CommentConversationMessages,
  CommonUiMessages,
  LIMITS,
  PublicCommentMessages as C,
  PublicUiMessages as M,
  SNACKBAR_MS,
} from '@folio/shared';
import type { PostedComment } from '@folio/shared';
import { useNotify } from '../../../../components/notify';
import { ApiError } from '../../../../lib/api-client';
import { postComment } from '../api/article.api';
import type { CommentCheck } from '../model/comment-rules';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { TextInput } from '../../../../components/ui/text-input';
import { Textarea } from '../../../../components/ui/textarea';
import styles from './comments-section.module.css';

/** Who the visitor says they are: typed once, used by the main form and every reply form. */
export interface CommenterIdentity {
  author: string;
  email: string;
}

export interface CommentFormProps {
  articleId: number;
  /** The comment answered; `null` for the main form. */
  parentId: number | null;
  identity: CommenterIdentity;
  onIdentityChange: (identity: CommenterIdentity) => void;
  check: (author: string, content: string, email: string) => CommentCheck;
  disabled: boolean;
  /** A published comment, to show at once. */
  onPublished: (comment: PostedComment) => void;
  /** A comment held for review, shown to this browser only (server/API.md §E12.6). */
  onHeld?: (comment: PostedComment) => void;
  /** Esc and 取消 (reply forms only). */
  onCancel?: () => void;
  label: string;
}

/** A refusal the visitor can act on (a reserved nickname, too many posts) is shown as the server words it. */
function postFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : CommonUiMessages.commentFailed;
}

/**
 * The comment form (docs/spec.md §2.3): 昵称, the optional e-mail that is never shown, the text.
 * A reply form opens with its first empty field focused. A comment held for review is not in the
 * public list: the form says 评论已提交，待审核, and this browser alone shows it, marked 待审核.
 */
export function CommentForm(props: CommentFormProps) {
  const { articleId, parentId, identity, onIdentityChange, check, disabled, onPublished, onHeld, onCancel, label } = props;
  const notify = useNotify();
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const [held, setHeld] = useState(false);
  const [emailLeft, setEmailLeft] = useState(false);
  const { valid, emailProblem } = check(identity.author, content, identity.email);
  const ready = valid && !sending && !disabled;
  const reply = parentId !== null;
  const emailHint = emailLeft && identity.email.trim() !== '' ? emailProblem : null;
  const formRef = useRef<HTMLFormElement>(null);

  // The server-rendered form can be typed into before the script arrives; hydration keeps the
  // DOM's text but not the state, and the next render would write the empty state back over it.
  // Right after hydration (before any re-render), the typed text becomes the state. Once, on
  // mount: from then on the state leads and the DOM follows.
  useLayoutEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const typed = (name: string) => {
      const field = fields.namedItem(name);
      return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
    };
    const author = typed('author') || identity.author;
    const email = typed('email') || identity.email;
    if (author !== identity.author || email !== identity.email) onIdentityChange({ author, email });
    const text = typed('content');
    if (text !== '') setContent(text);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSending(true);
    setHeld(false);
    try {
      const posted = await postComment(articleId, { ...identity, content, parentId });
      setContent('');
      if (posted.status === 'pending') {
        setHeld(true);
        onHeld?.(posted);
      } else {
        notify(CommonUiMessages.commentPosted, { timeout: SNACKBAR_MS.articles });
        onPublished(posted);
      }
    } catch (error) {
      notify(postFailureMessage(error), { intent: 'error', timeout: SNACKBAR_MS.articles * 2 });
    } finally {
      setSending(false);
    }
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      className={reply ? `${styles.form} ${styles.replyForm}` : styles.form}
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      onKeyDown={closeOnEscape}
      aria-label={label}
    >
      <div className={styles.identity}>
        <Field label={M.nickname} required>
          {(id) => (
            <TextInput
              id={id}
              name="author"
              value={identity.author}
              aria-required
              autoFocus={reply && identity.author === ''}
              maxLength={LIMITS.commentAuthor}
              disabled={disabled}
              onChange={(event) => onIdentityChange({ ...identity, author: event.target.value })}
            />
          )}
        </Field>
        <Field label={C.email}>
          {(id) => (
            <>
              <TextInput
                id={id}
                name="email"
                type="email"
                value={identity.email}
                autoComplete="email"
                maxLength={LIMITS.commentEmail}
                disabled={disabled}
                aria-invalid={emailHint !== null}
                aria-describedby={emailHint === null ? undefined : `${id}-problem`}
                onBlur={() => setEmailLeft(true)}
                onChange={(event) => onIdentityChange({ ...identity, email: event.target.value })}
              />
              {emailHint !== null && (
                <span id={`${id}-problem`} className={styles.fieldProblem}>
                  {emailHint}
                </span>
              )}
            </>
          )}
        </Field>
      </div>
      <Field label={reply ? C.replyContent : M.commentContent} required>
        {(id) => (
          <Textarea
            id={id}
            name="content"
            value={content}
            rows={reply ? 3 : 4}
            aria-required
            autoFocus={reply && identity.author !== ''}
            maxLength={LIMITS.commentContent}
            disabled={disabled}
            onChange={(event) => {
              setContent(event.target.value);
              setHeld(false);
            }}
          />
        )}
      </Field>
      <div className={styles.actions}>
        <span role="status" className={styles.held}>
          {held ? CommentConversationMessages.postedPending : ''}
        </span>
        {onCancel && (
          <Button appearance="subtle" onClick={onCancel}>
            {C.cancelReply}
          </Button>
        )}
        <Button type="submit" appearance="primary" disabled={!ready}>
          {sending ? CommonUiMessages.posting : reply ? C.postReply : CommonUiMessages.postComment}
        </Button>
      </div>
    </form>
  );
}
