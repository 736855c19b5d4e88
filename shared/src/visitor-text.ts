/**
 * Rules for text that visitors write for others to read (comment nicknames and bodies), in one
 * place so the comment form, the server and its presenters agree. Kept free of zod: the
 * presenters and pages that use it need no schema.
 *
 * Characters are removed, not refused: they are invisible, so a visitor who pasted one (a stray
 * zero-width space or byte-order mark) would get an error about something they cannot see, and
 * the text they meant to write reads the same without it.
 */

/**
 * Every default-ignorable code point (bidi controls, zero-width characters, Unicode tags, soft
 * hyphen, Hangul fillers ...) except the variation selectors, which only pick a glyph form (❤️,
 * CJK variants) and cannot hide or reorder anything.
 */
const NICKNAME_INVISIBLE = /(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/gu;

/**
 * Embeddings, overrides and isolates reorder a whole run of text (U+202E shows `nimda` as
 * `admin`). The marks LRM, RLM and ALM stay: they cannot reverse a run, and writers of Arabic or
 * Hebrew need them to place punctuation and numbers.
 */
const BIDI_RUN_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * A tag character outside an emoji flag sequence (🏴 + region and subdivision tags + cancel tag:
 * the flags of England, Scotland and Wales). Anywhere else tags are invisible and only serve to
 * smuggle a hidden message, so the alternation keeps a whole flag and matches any other tag.
 */
const TAGS_OUTSIDE_FLAGS =
  /(\u{1F3F4}[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,4}\u{E007F})|[\u{E0000}-\u{E007F}]/gu;

/** A nickname without any invisible character (see {@link NICKNAME_INVISIBLE}). */
export function stripNicknameInvisibles(text: string): string {
  return text.replace(NICKNAME_INVISIBLE, '');
}

/**
 * A comment body without the characters that reorder or hide text: bidi embeddings, overrides
 * and isolates, and tag characters outside emoji flags. Zero-width joiners stay, for the emoji
 * sequences and scripts that need them.
 */
export function stripBodyDisguises(text: string): string {
  return text.replace(BIDI_RUN_CONTROLS, '').replace(TAGS_OUTSIDE_FLAGS, (_match, flag?: string) => flag ?? '');
}

/** Names only the site's owner may comment under, besides the owner's own name and username. */
export const RESERVED_NICKNAMES = ['博主', '站长', '作者', '管理员', 'admin', 'administrator', 'owner'] as const;

/**
 * What a nickname reads as, for comparing names: compatibility forms folded (full-width
 * `ａｄｍｉｎ`), lower case, and without invisible characters, spaces, punctuation or symbols, so
 * `[博 主]`, `Ａｄｍｉｎ!` and `★admin★` all read as the names they imitate.
 */
export function nicknameKey(name: string): string {
  return stripNicknameInvisibles(name)
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\p{White_Space}\p{P}\p{S}\p{C}]/gu, '');
}

/**
 * Whether `nickname` reads as one of the owner's names: the reserved ones or `ownerNames` (the
 * site's author name, the admin username). A name with nothing left to compare matches none.
 */
export function isReservedNickname(nickname: string, ownerNames: readonly string[]): boolean {
  const key = nicknameKey(nickname);
  if (key === '') return false;
  return [...RESERVED_NICKNAMES, ...ownerNames].some((name) => nicknameKey(name) === key);
}
