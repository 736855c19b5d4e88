import { useEffect, useState } from 'react';
import type { CommentCheck } from '../model/comment-rules';

type CommentRules = (author: string, content: string, email: string) => CommentCheck;

const NOT_YET: CommentCheck = { valid: false, emailProblem: null };

/**
 * The comment form's rules, fetched after the page is usable: they come from the shared zod
 * schema, and zod is not worth delaying an article page for. Until they arrive (a moment after
 * hydration, before anyone has typed a comment) no comment counts as valid.
 */
export function useCommentRules(): CommentRules {
  const [rules, setRules] = useState<{ check: CommentRules } | null>(null);
  useEffect(() => {
    let active = true;
    void import('../model/comment-rules').then(({ checkComment }) => active && setRules({ check: checkComment }));
    return () => {
      active = false;
    };
  }, []);
  return rules ? rules.check : () => NOT_YET;
}
