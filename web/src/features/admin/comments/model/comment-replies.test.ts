import { describe, expect, it } from 'vitest';
import { countRepliesUnder, placeRepliesUnderParents } from './comment-replies';

describe('countRepliesUnder', () => {
  const thread = [
    { id: 1, parent_id: null },
    { id: 2, parent_id: 1 },
    { id: 3, parent_id: 2 },
    { id: 4, parent_id: 3 },
    { id: 5, parent_id: 1 },
    { id: 6, parent_id: null },
    { id: 7, parent_id: 6 },
  ];

  it('counts the replies of any depth under a comment, and none of another thread', () => {
    expect(countRepliesUnder(1, thread)).toBe(4);
    expect(countRepliesUnder(2, thread)).toBe(2);
    expect(countRepliesUnder(6, thread)).toBe(1);
    expect(countRepliesUnder(4, thread)).toBe(0);
  });

  it('counts a comment seen in two merged lists once', () => {
    expect(countRepliesUnder(1, [...thread, { id: 3, parent_id: 2 }, { id: 8, parent_id: 4 }])).toBe(5);
  });
});

describe('placeRepliesUnderParents', () => {
  // Newest first, as the admin list comes: the owner's replies 9 and 8 are the newest.
  const page = [
    { id: 9, parent_id: 2 },
    { id: 8, parent_id: 9 },
    { id: 7, parent_id: 1 },
    { id: 3, parent_id: null },
    { id: 2, parent_id: null },
    { id: 1, parent_id: null },
  ];

  it('puts the replies sent from the page under what they answer, a reply to a reply under that one', () => {
    const ids = placeRepliesUnderParents(page, new Set([9, 8])).map((comment) => comment.id);
    expect(ids).toEqual([7, 3, 2, 9, 8, 1]);
  });

  it('leaves every other comment where the server put it, and a reply whose parent is on another page', () => {
    expect(placeRepliesUnderParents(page, new Set()).map((comment) => comment.id)).toEqual([9, 8, 7, 3, 2, 1]);
    const elsewhere = [{ id: 5, parent_id: 40 }, ...page];
    expect(placeRepliesUnderParents(elsewhere, new Set([5])).map((comment) => comment.id)[0]).toBe(5);
  });
});
