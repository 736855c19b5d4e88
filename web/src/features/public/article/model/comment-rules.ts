import { commentCreateSchema } from '@folio/shared';

/** A comment form's draft as the server will judge it. */
export interface CommentCheck {
  /** 昵称 and 评论内容 given, every field within its limits, the e-mail empty or well formed. */
  valid: boolean;
  /** The server's own words about the e-mail, when it is what fails. */
  emailProblem: string | null;
}

/** Checks a draft against the server's own rules (the shared schema it validates posts with). */
export function checkComment(author: string, content: string, email: string): CommentCheck {
  const result = commentCreateSchema.safeParse({ author, content, email });
  if (result.success) return { valid: true, emailProblem: null };
  const emailIssue = result.error.issues.find((issue) => issue.path[0] === 'email');
  return { valid: false, emailProblem: emailIssue?.message ?? null };
}
