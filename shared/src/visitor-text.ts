/**
 * Rules for text that visitors write for others to read (comment nicknames and bodies), in one
 * place so the comment form, the server and its presenters agree. Kept free of zod: the
 * presenters and pages that use it need no schema.
 *
 * Characters are removed, not refused: they are invisible, so a visitor who pasted one (a stray
 * zero-width space or byte-order mark) would get an error about something they cannot see, and
 * the text they meant to write reads the same without it.
 */
import { mapLatinLookalikes } from './confusables.js';

/**
 * Every default-ignorable code point: bidi controls, zero-width characters, soft hyphen, word
 * joiner, byte-order mark, combining grapheme joiner, variation selectors, Unicode tags, Hangul
 * fillers ... Each draws nothing, so inside a word it only hides the word from a filter (`cas\u200Bino`)
 * or makes a name differ from the one it shows (`admin\uFE0E`).
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Letters of the scripts whose words need zero-width joiners and non-joiners. */
const JOINING_SCRIPT_LETTER =
  '[\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Mongolian}\\p{Script=Devanagari}\\p{Script=Bengali}\\p{Script=Gurmukhi}\\p{Script=Gujarati}\\p{Script=Oriya}\\p{Script=Tamil}\\p{Script=Telugu}\\p{Script=Kannada}\\p{Script=Malayalam}\\p{Script=Sinhala}]';

/**
 * The invisible characters a comment body keeps, because they change how visible text is drawn;
 * every other default-ignorable one goes (see {@link stripBodyDisguises}):
 * - an emoji flag's tag sequence (🏴 + region and subdivision tags + cancel tag: England,
 *   Scotland, Wales);
 * - a zero-width joiner between two emoji (family and profession emoji), after an optional variation selector
 *   or skin tone;
 * - a text or emoji variation selector (U+FE0E, U+FE0F) right after an emoji (the red heart), and any
 *   variation selector right after a Han character (a CJK glyph variant);
 * - a zero-width joiner or non-joiner between two letters of the scripts that need them to join
 *   or separate letters (Arabic, Syriac, N'Ko, Mongolian and the Indic scripts);
 * - a left-to-right, right-to-left or Arabic letter mark that does not stand between two letters:
 *   writers of Arabic and Hebrew need them to place punctuation and numbers, while inside a word
 *   they change nothing but the word's spelling.
 */
const BODY_KEPT_INVISIBLES = [
  '\\u{1F3F4}[\\u{E0061}-\\u{E007A}]{2}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,4}\\u{E007F}',
  '(?<=\\p{Extended_Pictographic}[\\uFE0F\\u{1F3FB}-\\u{1F3FF}]?)\\u200D(?=\\p{Extended_Pictographic})',
  '(?<=\\p{Emoji})[\\uFE0E\\uFE0F]',
  '(?<=\\p{Script=Han})[\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]',
  `(?<=${JOINING_SCRIPT_LETTER}\\p{M}*)[\\u200C\\u200D](?=${JOINING_SCRIPT_LETTER})`,
  '(?<!\\p{L}\\p{M}*)[\\u200E\\u200F\\u061C]|[\\u200E\\u200F\\u061C](?!\\p{L})',
];

/** Each kept sequence matches as itself; any other default-ignorable character is captured to go. */
const BODY_INVISIBLES = new RegExp(
  `${BODY_KEPT_INVISIBLES.map((kept) => `(?:${kept})`).join('|')}|(\\p{Default_Ignorable_Code_Point})`,
  'gu',
);

/** A nickname without any invisible character: every default-ignorable code point goes. */
export function stripNicknameInvisibles(text: string): string {
  return text.replace(DEFAULT_IGNORABLE, '');
}

/**
 * A comment body without the invisible characters that only hide or reorder text: every
 * default-ignorable code point except those that change how the visible text is drawn (see
 * {@link BODY_KEPT_INVISIBLES}: emoji sequences, glyph variants, joiners of Arabic and Indic
 * letters, bidi marks around punctuation).
 */
export function stripBodyDisguises(text: string): string {
  return text.replace(BODY_INVISIBLES, (match: string, hidden: string | undefined) => (hidden === undefined ? match : ''));
}

/**
 * What a text reads as, for matching blocked words (server/API.md §E12): compatibility forms
 * folded by NFKC (full-width `ｃａｓｉｎｏ`, mathematical bold, circled letters), every
 * default-ignorable character removed (zero-width space, soft hyphen, word joiner, byte-order
 * mark, combining grapheme joiner, variation selectors, tags ...), look-alike letters of other
 * scripts read as the Latin ones they imitate (Cyrillic `саsino`), and lower case. Spaces and
 * punctuation stay, so words do not run together into matches.
 */
export function readingKey(text: string): string {
  const folded = text.replace(DEFAULT_IGNORABLE, '').normalize('NFKC').replace(DEFAULT_IGNORABLE, '');
  // Look-alikes map to the case they imitate, so before lower-casing; lower-casing can make a
  // look-alike of another letter (Greek capitals), so once more after it.
  return mapLatinLookalikes(mapLatinLookalikes(folded).toLowerCase()).toLowerCase();
}

/** Whether `text`, read by {@link readingKey}, holds one of `words` read the same way. */
export function holdsBlockedWord(text: string, words: readonly string[]): boolean {
  const key = readingKey(text);
  return words.some((word) => {
    const wordKey = readingKey(word);
    return wordKey.trim() !== '' && key.includes(wordKey);
  });
}

/** Names only the site's owner may comment under, besides the owner's own name and username. */
export const RESERVED_NICKNAMES = ['博主', '站长', '作者', '管理员', 'admin', 'administrator', 'owner'] as const;

/** The mark the owner's replies carry (server/API.md §E12): no visitor's nickname may hold it. */
export const OWNER_MARK = '作者';

/**
 * What a nickname reads as, for comparing names: {@link readingKey} without spaces, punctuation
 * or symbols, so `[博 主]`, `Ａｄｍｉｎ!`, `★admin★` and Cyrillic `аdmin` all read as the names
 * they imitate.
 */
export function nicknameKey(name: string): string {
  return readingKey(name).replace(/[\p{White_Space}\p{P}\p{S}\p{C}]/gu, '');
}

/** The owner's names, which no visitor may take. */
export interface OwnerNames {
  /** The name the site shows as its author (the home block's `author`); '' when unset. */
  author: string;
  /** The admin's sign-in name. */
  username: string;
}

/**
 * Whether an author name is long enough for a nickname that merely contains it to be taken as
 * the owner's: a short Latin name (`Li`, `Ann`) is part of too many other names.
 */
const isDistinctiveName = (key: string): boolean => {
  const length = [...key].length;
  return /^[\x20-\x7E]*$/.test(key) ? length >= 4 : length >= 2;
};

/**
 * Whether `nickname` reads as the owner's: it reads as one of the reserved names, the author name
 * or the username, or it contains the owner's mark 作者 or the author name (`Alice Chen 作者`,
 * `作者 Alice Chen`, `Alice Chen (blog)`). A name with nothing left to compare matches none.
 */
export function isReservedNickname(nickname: string, owner: OwnerNames): boolean {
  const key = nicknameKey(nickname);
  if (key === '') return false;
  if ([...RESERVED_NICKNAMES, owner.author, owner.username].some((name) => nicknameKey(name) === key)) return true;
  if (key.includes(nicknameKey(OWNER_MARK))) return true;
  const author = nicknameKey(owner.author);
  return author !== '' && isDistinctiveName(author) && key.includes(author);
}
