import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/** What an article says, without Markdown syntax, split by where it appears. */
export interface ArticleText {
  headings: string[];
  /** Paragraphs, list items and quotes: the prose a summary is drawn from. */
  paragraphs: string[];
  /** Inline code spans, which often name the technology (`useState`, `kubectl`). */
  inlineCode: string[];
  /** Languages of fenced code blocks (`sql`, `dockerfile`). */
  fenceLanguages: string[];
}

// Raw HTML is parsed as HTML so it can be dropped, never shown as text.
const markdown = new MarkdownIt({ html: true, linkify: false });

const BARE_URL = /\bhttps?:\/\/\S+/gi;

const tidy = (text: string) => text.replace(BARE_URL, ' ').replace(/\s+/g, ' ').trim();

/** The readable text of one inline token: links keep their words, images, HTML and autolinks go. */
function inlineText(children: readonly Token[], inlineCode: string[]): string {
  let text = '';
  let skippingAutolink = false;
  for (const child of children) {
    if (skippingAutolink) {
      if (child.type === 'link_close') skippingAutolink = false;
      continue;
    }
    switch (child.type) {
      case 'text':
        text += child.content;
        break;
      case 'code_inline':
        inlineCode.push(child.content);
        text += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += ' ';
        break;
      case 'link_open':
        skippingAutolink = child.markup === 'autolink';
        break;
      default:
        // image, html_inline and emphasis markers carry no prose of their own.
        break;
    }
  }
  return tidy(text);
}

/** Parses Markdown and returns its plain text; code blocks, tables, images and HTML are left out. */
export function extractArticleText(content: string): ArticleText {
  const result: ArticleText = { headings: [], paragraphs: [], inlineCode: [], fenceLanguages: [] };
  let inHeading = false;
  let tableDepth = 0;
  for (const token of markdown.parse(content, {})) {
    switch (token.type) {
      case 'heading_open':
        inHeading = true;
        break;
      case 'heading_close':
        inHeading = false;
        break;
      case 'table_open':
        tableDepth += 1;
        break;
      case 'table_close':
        tableDepth -= 1;
        break;
      case 'fence': {
        const language = token.info.trim().split(/\s+/)[0]?.toLowerCase();
        if (language) result.fenceLanguages.push(language);
        break;
      }
      case 'inline': {
        if (tableDepth > 0) break;
        const text = inlineText(token.children ?? [], result.inlineCode);
        if (text) (inHeading ? result.headings : result.paragraphs).push(text);
        break;
      }
      default:
        break;
    }
  }
  return result;
}

/**
 * Cuts `text` to at most `max` UTF-16 units without splitting a character, preferring the end
 * of a sentence when one falls in the last two thirds; otherwise it ends with an ellipsis.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = cutText(text, max - 1);
  const sentenceEnd = Math.max(...['。', '！', '？', '. ', '! ', '? ', '；'].map((mark) => cut.lastIndexOf(mark)));
  if (sentenceEnd >= Math.floor(max / 3)) return cut.slice(0, sentenceEnd + 1).trim();
  return `${cut.trimEnd()}…`;
}

/** The longest prefix of at most `max` UTF-16 units that does not split a character. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = '';
  for (const char of text) {
    if (cut.length + char.length > max) break;
    cut += char;
  }
  return cut;
}
