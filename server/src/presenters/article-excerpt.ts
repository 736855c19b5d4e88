import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** What an article's body gives its JSON beside the body itself (server/API.md §E18). */
export interface ArticleBodyFacts {
  /** The opening of the body as plain text, cut to {@link excerptOf}'s length. */
  excerpt: string;
  /** The body's first image (an upload path or an absolute URL); `''` when it shows none. */
  leadImage: string;
}

/**
 * About 120 Chinese characters, or 50 words: in fifths of a character, so that a word of other
 * scripts costs exactly 120 / 50 characters without rounding errors.
 */
const EXCERPT_BUDGET = 120 * 5;
const CJK_COST = 5;
const WORD_COST = 12;
/** A sentence end counts as the cut when it keeps at least this share of the text the budget allows. */
const SENTENCE_CUT_MIN_SHARE = 0.4;

// Raw HTML is parsed as HTML so it can be dropped (the page shows it escaped, as text: neither
// belongs in an excerpt); bare URLs become links, as on the page, so they can be dropped too.
const markdown = new MarkdownIt({ html: true, linkify: true });

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** A letter or digit of a script that spaces its words. */
const isWordChar = (char: string) => WORD_CHAR.test(char) && !CJK.test(char);
const BARE_URL = /\b(?:https?:\/\/|www\.)\S+/gi;
/** Link text that only names a file or an address says nothing to a reader. */
const JUNK_LINK_TEXT = /^(?:\S+\.(?:png|jpe?g|gif|webp|avif|svg|bmp|ico|pdf|zip)|\S*\/\S*)$/i;
/** What an image may point at to be a page's share image: an upload or a web address, not `data:`. */
const SHAREABLE_SRC = /^(?:https?:\/\/|\/)/i;

/** The readable text of one inline token; its first image, if any, goes to `images`. */
function inlineText(children: readonly Token[], images: string[]): string {
  let text = '';
  let link: { href: string; text: string; junk: boolean } | null = null;
  for (const child of children) {
    switch (child.type) {
      case 'text':
      case 'code_inline':
        if (link) link.text += child.content;
        else text += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += ' ';
        break;
      case 'link_open':
        link = {
          href: String(child.attrGet('href') ?? ''),
          text: '',
          junk: child.markup === 'autolink' || child.markup === 'linkify',
        };
        break;
      case 'link_close':
        if (link && !link.junk && link.text.trim() !== link.href && !JUNK_LINK_TEXT.test(link.text.trim())) text += link.text;
        link = null;
        break;
      case 'image': {
        const src = String(child.attrGet('src') ?? '');
        if (SHAREABLE_SRC.test(src)) images.push(src);
        break;
      }
      default:
        // html_inline and emphasis markers carry no prose of their own.
        break;
    }
  }
  return text.replace(BARE_URL, ' ').replace(/\s+/g, ' ').trim();
}

/** Joins blocks of text: Chinese runs on without a space, other scripts get one. */
function joinBlocks(blocks: readonly string[]): string {
  let joined = '';
  for (const block of blocks) {
    if (!joined) joined = block;
    else joined += CJK.test(joined.at(-1) ?? '') || /[。！？；：，、]$/.test(joined) ? block : ` ${block}`;
  }
  return joined;
}

/**
 * The prose of a Markdown body as plain text, and its first image: paragraphs, list items and
 * quotes; not headings (unless nothing else), tables, code blocks, Mermaid, HTML, images,
 * addresses or link text that is only a file name or an address.
 */
export function bodyFactsOf(body: string): ArticleBodyFacts {
  const paragraphs: string[] = [];
  const headings: string[] = [];
  const images: string[] = [];
  let inHeading = false;
  let tableDepth = 0;
  for (const token of markdown.parse(body, {})) {
    if (token.type === 'heading_open') inHeading = true;
    else if (token.type === 'heading_close') inHeading = false;
    else if (token.type === 'table_open') tableDepth += 1;
    else if (token.type === 'table_close') tableDepth -= 1;
    else if (token.type === 'inline') {
      const text = inlineText(token.children ?? [], images);
      if (text && tableDepth === 0) (inHeading ? headings : paragraphs).push(text);
    }
  }
  return { excerpt: excerptOf(joinBlocks(paragraphs.length > 0 ? paragraphs : headings)), leadImage: images[0] ?? '' };
}

/** Where the budget runs out: the index of the first character that no longer fits, or undefined when all does. */
function budgetEnd(text: string): number | undefined {
  let cost = 0;
  let inWord = false;
  let index = 0;
  // By code point, so a character outside the basic plane counts once and is never split.
  for (const char of text) {
    if (CJK.test(char)) {
      cost += CJK_COST;
      inWord = false;
    } else if (WORD_CHAR.test(char)) {
      if (!inWord) cost += WORD_COST;
      inWord = true;
    } else {
      inWord = false;
    }
    if (cost > EXCERPT_BUDGET) return index;
    index += char.length;
  }
  return undefined;
}

/**
 * Plain text cut to about 120 Chinese characters or 50 words: at the last sentence end when one
 * keeps enough of it, else at a word boundary (never inside a word or a surrogate pair), with
 * `…` when anything was cut.
 */
export function excerptOf(text: string): string {
  const end = budgetEnd(text);
  if (end === undefined) return text;
  let cut = text.slice(0, end);
  const sentenceEnds = [...cut.matchAll(/[。！？；!?;]|\.(?=\s)/g)];
  const lastSentenceEnd = sentenceEnds.at(-1);
  if (lastSentenceEnd?.index !== undefined && lastSentenceEnd.index + 1 >= cut.length * SENTENCE_CUT_MIN_SHARE) {
    cut = cut.slice(0, lastSentenceEnd.index + 1);
  } else if (isWordChar(text[end] ?? '') && isWordChar(cut.at(-1) ?? '')) {
    // Inside a word: back to where it began. Chinese has no spaces: any character ends a word.
    let wordStart = cut.length;
    while (wordStart > 0 && isWordChar(cut[wordStart - 1] ?? '')) wordStart -= 1;
    if (wordStart > 0) cut = cut.slice(0, wordStart);
  }
  return `${cut.replace(/[\s，、,：:（(“"'‘-]+$/u, '')}…`;
}
