/**
 * The shape of a zod `safeParse` result that the forms read: kept structural so the web package
 * needs no direct `zod` import to validate with the shared schemas of `@folio/shared`.
 */
export type SafeParseOutcome = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

/**
 * The message of the first broken rule of a shared schema's `safeParse`, or `null` when it passed.
 * The server answers a 400 with the same first message (server/src/http/validate.ts), so a form
 * that shows this says exactly what the server would have said.
 */
export function firstIssueMessage(result: SafeParseOutcome): string | null {
  if (result.success) return null;
  return result.error.issues[0]?.message ?? null;
}
