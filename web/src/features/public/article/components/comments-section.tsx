import { useState } from 'react';
import type { FormEvent } from 'react';
import { LIMITS, PublicUiMessages as M, SNACKBAR_MS, CommonUiMessages } from '@folio/shared';
import type { PublicComment } from '@folio/shared';
import { useNotify } from '../../../../components/notify';
import { ApiError } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { postComment } from '../api/article.api';
import { useCommentRules } from '../hooks/use-comment-rules';
import { useComments } from '../hooks/use-comments';
import { Button } from '../../../../components/ui/button';
import { Field } from '../../../../components/ui/field';
import { MessageBar } from '../../../../components/ui/message-bar';
import { Spinner } from '../../../../components/ui/spinner';
import { TextInput } from '../../../../components/ui/text-input';
import { Textarea } from '../../../../components/ui/textarea';
import styles from './comments-section.module.css';

export interface CommentsSectionProps {
  articleId: number;
  count: number;
  initial: PublicComment[] | undefined;
  demo: boolean;
}

/** A refusal the visitor can act on (a reserved nickname, too many posts) is shown as the server words it. */
function postFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : CommonUiMessages.commentFailed;
}

/**
 * Comment count, form and list (docs/spec.md §2.3, §4.5 and §5); the form is disabled in demo
 * mode. Nicknames and bodies are visitors' text: each is isolated (`<bdi>`, `dir="auto"`) so its
 * direction cannot spill into the date or the text around it.
 */
export function CommentsSection({ articleId, count, initial, demo }: CommentsSectionProps) {
  const notify = useNotify();
  const initialPage = demo ? { comments: [], total: count } : initial && { comments: initial, total: count };
  const { comments, total, loading, addPosted } = useComments(articleId, initialPage, !demo);
  const [author, setAuthor] = useState('');
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  // The server's own rules (昵称 and 评论内容 required, length limits): the button waits until they pass.
  const commentIsValid = useCommentRules();
  const valid = commentIsValid(author, content);
  const ready = valid && !sending && !demo;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setSending(true);
    try {
      addPosted(await postComment(articleId, author, content));
      setContent('');
      notify(CommonUiMessages.commentPosted, { timeout: SNACKBAR_MS.articles });
    } catch (error) {
      notify(postFailureMessage(error), { intent: 'error', timeout: SNACKBAR_MS.articles * 2 });
    } finally {
      setSending(false);
    }
  };

  const shownCount = total ?? Math.max(count, comments.length);
  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        {M.commentsTitle(shownCount)}
      </h2>
      {demo && (
        <MessageBar intent="warning" className={styles.demoWarning}>
          {CommonUiMessages.demoCommentsDisabled}
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label={CommonUiMessages.postComment}>
        <Field label={M.nickname} required>
          {(id) => (
            <TextInput
              id={id}
              value={author}
              aria-required
              maxLength={LIMITS.commentAuthor}
              disabled={demo}
              onChange={(event) => setAuthor(event.target.value)}
            />
          )}
        </Field>
        <Field label={M.commentContent} required>
          {(id) => (
            <Textarea
              id={id}
              value={content}
              rows={4}
              aria-required
              maxLength={LIMITS.commentContent}
              disabled={demo}
              onChange={(event) => setContent(event.target.value)}
            />
          )}
        </Field>
        <Button className={styles.submit} type="submit" appearance="primary" disabled={!ready}>
          {sending ? CommonUiMessages.posting : CommonUiMessages.postComment}
        </Button>
      </form>
      {loading ? (
        <div className={styles.muted}>
          <Spinner size="tiny" label={CommonUiMessages.loadingComments} />
        </div>
      ) : comments.length === 0 ? (
        <p className={styles.muted}>{CommonUiMessages.noComments}</p>
      ) : (
        <ol className={styles.list}>
          {comments.map((comment) => (
            <li key={comment.id} className={styles.comment} data-testid="comment">
              <div className={styles.meta}>
                <bdi className={styles.author}>{comment.author}</bdi>
                <time className={styles.date} dateTime={comment.created_at}>
                  {formatDate(comment.created_at)}
                </time>
              </div>
              {/* Plain text: comments are never rendered as HTML (server/API.md §3.5). */}
              <p className={styles.content} dir="auto">
                {comment.content}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
