/**
 * An article's length and reading time, as the article page shows them and the editors count
 * them while the owner types (server/API.md §E18). Both read the Markdown source with this one
 * function, so the page and the editor never disagree.
 */

/** Chinese (and Japanese, Korean) characters read per minute. */
export const CJK_CHARS_PER_MINUTE = 400;
/** Words of other scripts read per minute. */
export const WORDS_PER_MINUTE = 200;

export interface ReadingLength {
  /** Han, kana and Hangul characters: each counts as one. */
  cjkChars: number;
  /** Words of other scripts (Latin letters, digits, code identifiers). */
  words: number;
  /** 字数: the characters plus the words. */
  total: number;
  /** 阅读时长 in whole minutes (rounded), at least 1. */
  minutes: number;
}

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;

/**
 * What a reader reads of a Markdown body: Mermaid diagrams (drawn, not read), image syntax,
 * link targets, bare URLs and HTML tags are left out; link text, headings, lists and code stay.
 */
function readableText(markdown: string): string {
  return (
    markdown
      // A diagram's source is drawn as a picture: its labels are not text to read through.
      .replace(/^ {0,3}(`{3,}|~{3,})[ \t]*mermaid\b[^\n]*\n[\s\S]*?(?:^ {0,3}\1[ \t]*$|(?![\s\S]))/gim, ' ')
      // A fence's markers and language name are not read either.
      .replace(/^ {0,3}(?:`{3,}|~{3,})[^\n]*$/gm, ' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\]\([^)]*\)/g, ' ')
      .replace(/<[^>\n]*>/g, ' ')
      .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
  );
}

/** Counts an article's 字数 and 阅读时长 from its Markdown (rates: {@link CJK_CHARS_PER_MINUTE}, {@link WORDS_PER_MINUTE}). */
export function readingLengthOf(markdown: string): ReadingLength {
  const text = readableText(markdown);
  const cjkChars = text.match(CJK_CHAR)?.length ?? 0;
  const words = text.replace(CJK_CHAR, ' ').match(WORD)?.length ?? 0;
  const minutes = Math.max(1, Math.round(cjkChars / CJK_CHARS_PER_MINUTE + words / WORDS_PER_MINUTE));
  return { cjkChars, words, total: cjkChars + words, minutes };
}

/** How the page and the editors show a {@link ReadingLength}. */
export const ReadingLengthMessages = {
  wordCount: (total: number) => `字数 ${total.toLocaleString('en-US')}`,
  readingTime: (minutes: number) => `阅读时长 ${minutes} 分钟`,
  /** The editor's counter, read aloud as one phrase. */
  editorCounter: (total: number, minutes: number) => `字数 ${total.toLocaleString('en-US')} · 阅读时长约 ${minutes} 分钟`,
} as const;
