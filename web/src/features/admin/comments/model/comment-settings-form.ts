import type { CommentModeration, CommentSettings, FieldError } from '@folio/shared';

/** The 评论设置 form as typed: each list is a textarea with one entry per line. */
export interface CommentSettingsDraft {
  moderation: CommentModeration;
  blockedWords: string;
  blockedAddresses: string;
}

export type CommentSettingsField = keyof CommentSettings;

export type CommentSettingsErrors = Partial<Record<CommentSettingsField, string>>;

const FIELDS: readonly CommentSettingsField[] = ['moderation', 'blocked_words', 'blocked_addresses'];

export function draftOfSettings(settings: CommentSettings): CommentSettingsDraft {
  return {
    moderation: settings.moderation,
    blockedWords: settings.blocked_words.join('\n'),
    blockedAddresses: settings.blocked_addresses.join('\n'),
  };
}

/**
 * What is sent: one entry per line as typed. Trimming, empty lines and repeats are the shared
 * schema's work, so the form and the server clean a list the same way.
 */
export function settingsOfDraft(draft: CommentSettingsDraft): CommentSettings {
  return {
    moderation: draft.moderation,
    blocked_words: draft.blockedWords.split(/\r?\n/),
    blocked_addresses: draft.blockedAddresses.split(/\r?\n/),
  };
}

/**
 * The first problem of each field, from the server's 400 (`data.errors`, server/API.md §1.2) or
 * the shared schema's issues in the form: a path such as `blocked_words.3` belongs to its list.
 */
export function settingsFieldErrors(problems: readonly FieldError[]): CommentSettingsErrors {
  const errors: CommentSettingsErrors = {};
  for (const { field, msg } of problems) {
    const name = FIELDS.find((candidate) => field === candidate || field.startsWith(`${candidate}.`));
    if (name && !errors[name]) errors[name] = msg;
  }
  return errors;
}

/** Zod issues as the server words them (`field` is the dotted path), for `settingsFieldErrors`. */
export function issuesAsFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.'), msg: issue.message }));
}
