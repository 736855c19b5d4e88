import { describe, expect, it } from 'vitest';
import type { PublicComment } from '@folio/shared';
import { buildComment as comment } from './build-comment';
import { threadsOf } from './comment-threads';

/** Each thread as `top: reply, reply>name, ...` for compact comparisons. */
const outline = (comments: PublicComment[]) =>
  threadsOf(comments).map(
    ({ comment: top, replies }) =>
      `${top.id}: ${replies.map(({ comment: reply, replyTo }) => (replyTo ? `${reply.id}>${replyTo}` : reply.id)).join(', ')}`,
  );

describe('threadsOf', () => {
  it('lists top-level comments newest first, each with its replies oldest first', () => {
    const comments = [comment(1, 1), comment(2, 2), comment(3, 5, 1), comment(4, 3, 1), comment(5, 4, 2)];
    expect(outline(comments)).toEqual(['2: 5', '1: 4, 3']);
  });

  it('keeps deeper replies flat under the thread, each naming the reply it answers', () => {
    const comments = [comment(1, 1), comment(2, 2, 1), comment(3, 3, 2), comment(4, 4, 3), comment(5, 5, 1)];
    expect(outline(comments)).toEqual(['1: 2, 3>读者2, 4>读者3, 5']);
  });

  it('orders comments of the same millisecond by id, whatever order they come in', () => {
    const comments = [comment(4, 1, 1), comment(2, 1), comment(3, 1, 1), comment(1, 1)];
    expect(outline(comments)).toEqual(['2: ', '1: 3, 4']);
  });

  it('leaves out a reply whose thread is not among the comments, and survives a cycle', () => {
    const looped = [
      { ...comment(7, 7), parent_id: 8 },
      { ...comment(8, 8), parent_id: 7 },
    ];
    expect(outline([comment(1, 1), comment(3, 3, 2), ...looped])).toEqual(['1: ']);
  });

  it('shows a comment without replies and nothing for none', () => {
    expect(threadsOf([comment(1, 1)])).toEqual([{ comment: comment(1, 1), replies: [] }]);
    expect(threadsOf([])).toEqual([]);
  });
});
