import { describe, expect, it } from 'vitest';
import { articleCreateSchema, commentCreateSchema, loginSchema, ServerMessages as M, skillCreateSchema } from '@folio/shared';
import { firstIssueMessage } from './first-issue';

describe('firstIssueMessage', () => {
  it('is null when the schema accepts the value', () => {
    expect(firstIssueMessage(loginSchema.safeParse({ username: 'admin', password: 'secret' }))).toBeNull();
  });

  it('gives the Chinese message of the first broken rule, as the server would send', () => {
    expect(firstIssueMessage(loginSchema.safeParse({ username: '  ', password: '' }))).toBe(M.loginFieldsRequired);
    expect(firstIssueMessage(commentCreateSchema.safeParse({ author: '', content: '', email: '' }))).toBe(
      M.commentFieldsRequired,
    );
    expect(firstIssueMessage(skillCreateSchema.safeParse({ name: '   ', description: '', level: 50 }))).toBe(M.skillNameRequired);
  });

  it('follows the schema order of fields: title and content before tags', () => {
    const fields = { title: '', content: '', category: '', tags: 'C++', summary: '', cover: '' };
    expect(firstIssueMessage(articleCreateSchema.safeParse(fields))).toBe(M.titleAndContentRequired);
    expect(firstIssueMessage(articleCreateSchema.safeParse({ ...fields, title: 't', content: 'c' }))).toBe(M.tagsInvalid);
  });

  it('falls back to null for a failure without issues', () => {
    expect(firstIssueMessage({ success: false, error: { issues: [] } })).toBeNull();
  });
});
