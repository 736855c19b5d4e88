import { LIMITS, sanitizeTag } from '@folio/shared';
import { FALLBACK_CATEGORY, FENCE_LANGUAGE_TERMS, KEYWORD_CATEGORIES, STOP_WORDS } from './keywords.js';
import { extractArticleText, truncateText } from './markdown-text.js';
import type { ArticleText } from './markdown-text.js';
import { KNOWN_SPELLINGS, findKnownTerm, matchKnownTerms } from './term-matcher.js';
import type { WeightedText } from './term-matcher.js';

export interface AnalyzeInput {
  title: string;
  content: string;
  summary: string;
}

/** A suggestion before the output rules of server/API.md §9.10 are applied. */
export interface Suggestion {
  category: string;
  tags: string[];
  summary: string;
}

const WEIGHTS = { title: 4, summary: 2, heading: 2, prose: 1, fence: 2 } as const;
/** Below this a category guess is noise (one passing mention), so the article goes to 其他. */
const MIN_CATEGORY_SCORE = 4;
/** A plain word must appear in the title or a few times in the body to be a tag. */
const MIN_WORD_SCORE = 3;
const MIN_TAGS = 3;
const ANALYZED_CONTENT_CHARS = 30_000;

const CJK_WORD = /^[\u4e00-\u9fa5]{2,6}$/;
/** Words glued to a particle ("去了", "的人") are grammar, not topics. */
const CJK_PARTICLE_EDGE = /^[的了着过地得和与]|[的了着过地得吗呢吧啊]$/;
const LATIN_WORD = /^[A-Za-z][A-Za-z0-9_-]{2,31}$/;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

interface Candidate {
  tag: string;
  score: number;
}

function sectionsOf(input: AnalyzeInput, text: ArticleText): WeightedText[] {
  return [
    { text: input.title, weight: WEIGHTS.title },
    { text: input.summary, weight: WEIGHTS.summary },
    ...text.headings.map((heading) => ({ text: heading, weight: WEIGHTS.heading })),
    ...text.paragraphs.map((paragraph) => ({ text: paragraph, weight: WEIGHTS.prose })),
    ...text.inlineCode.map((code) => ({ text: code, weight: WEIGHTS.prose })),
  ];
}

/** Known technical terms, scored by where and how often they appear; fence languages add a little. */
function scoreKnownTerms(sections: readonly WeightedText[], text: ArticleText) {
  const known = matchKnownTerms(sections);
  for (const language of text.fenceLanguages) {
    const term = findKnownTerm(FENCE_LANGUAGE_TERMS[language] ?? '');
    if (!term) continue;
    const entry = known.get(term.tag) ?? { term, score: 0 };
    entry.score += WEIGHTS.fence;
    known.set(term.tag, entry);
  }
  return known;
}

/** Plain words (Chinese via Intl.Segmenter, Latin as written) that are not stop words or known terms. */
function scorePlainWords(sections: readonly WeightedText[], knownSpellings: readonly string[]): Candidate[] {
  const words = new Map<string, Candidate>();
  for (const section of sections) {
    for (const { segment, isWordLike } of segmenter.segment(section.text)) {
      if (!isWordLike) continue;
      const word = segment.trim();
      const key = word.toLowerCase();
      if (
        !((CJK_WORD.test(word) && !CJK_PARTICLE_EDGE.test(word)) || LATIN_WORD.test(word)) ||
        STOP_WORDS.has(key) ||
        KNOWN_SPELLINGS.has(key)
      )
        continue;
      // "性能" adds nothing next to the matched term "性能优化".
      if (knownSpellings.some((spelling) => spelling.includes(key))) continue;
      const entry = words.get(key) ?? { tag: word, score: 0 };
      entry.score += section.weight;
      // Prefer the spelling with capitals ("Kafka" over "kafka").
      if (word !== key && entry.tag === key) entry.tag = word;
      words.set(key, entry);
    }
  }
  return [...words.values()];
}

function chooseCategory(
  sections: readonly WeightedText[],
  known: ReturnType<typeof matchKnownTerms>,
  existingCategories: readonly string[],
): string {
  const scores = new Map<string, number>(KEYWORD_CATEGORIES.map((category) => [category, 0]));
  for (const { term, score } of known.values()) {
    if (term.category) scores.set(term.category, (scores.get(term.category) ?? 0) + score * (term.weight ?? 1));
  }
  // The owner's own categories (e.g. "读书笔记") win when the text uses their words.
  for (const category of existingCategories) {
    if (scores.has(category) || category === FALLBACK_CATEGORY) continue;
    scores.set(category, categoryOverlap(category, sections));
  }
  let best = FALLBACK_CATEGORY;
  let bestScore = MIN_CATEGORY_SCORE - 1;
  for (const [category, score] of scores) {
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

function categoryOverlap(category: string, sections: readonly WeightedText[]): number {
  const name = category.toLowerCase();
  const parts = [...segmenter.segment(category)]
    .filter(({ isWordLike, segment }) => isWordLike && segment.length >= 2 && !STOP_WORDS.has(segment.toLowerCase()))
    .map(({ segment }) => segment.toLowerCase());
  let score = 0;
  for (const section of sections) {
    const text = section.text.toLowerCase();
    score += occurrences(text, name) * section.weight * 4;
    for (const part of parts) score += occurrences(text, part) * section.weight;
  }
  return score;
}

function occurrences(text: string, needle: string): number {
  if (!needle) return 0;
  return text.split(needle).length - 1;
}

/** Highest scores first; after the first three, only terms worth a quarter of the best one. */
function chooseTags(known: Candidate[], plain: Candidate[], category: string): string[] {
  const ranked = [
    ...known.map((candidate) => ({ ...candidate, score: candidate.score * 2 })),
    ...plain.filter((candidate) => candidate.score >= MIN_WORD_SCORE),
  ].sort((a, b) => b.score - a.score);
  // Only reached when fewer than three tags were found, as in a very short text.
  const backup = plain.filter((candidate) => candidate.score < MIN_WORD_SCORE).sort((a, b) => b.score - a.score);
  const tags: string[] = [];
  const seen = new Set([category.toLowerCase()]);
  const topScore = ranked[0]?.score ?? 0;
  for (const candidate of [...ranked, ...backup]) {
    if (tags.length >= LIMITS.aiTags) break;
    if (tags.length >= MIN_TAGS && candidate.score < topScore / 4) break;
    const tag = sanitizeTag(candidate.tag);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The first sentences of the prose, as plain text of at most 100 characters. */
function summarize(input: AnalyzeInput, text: ArticleText): string {
  const pieces = text.paragraphs.length > 0 ? text.paragraphs : text.headings.length > 0 ? text.headings : [input.title];
  let joined = '';
  for (const piece of pieces) {
    if (joined.length > LIMITS.builtinSummary) break;
    const separator = joined === '' || /[。！？；：，、]$/.test(joined) ? '' : /[\u4e00-\u9fa5]$/.test(joined) ? '。' : ' ';
    joined += separator + piece;
  }
  return truncateText(joined.trim(), LIMITS.builtinSummary);
}

/**
 * The offline analyser: a category from the keyword table or the owner's categories, tags from
 * the most significant terms, and a summary from the opening prose. Pure and synchronous.
 */
export function analyzeWithKeywords(input: AnalyzeInput, existingCategories: readonly string[] = []): Suggestion {
  // The opening of a long article says what it is about; reading all of it would stall the event loop.
  const text = extractArticleText(input.content.slice(0, ANALYZED_CONTENT_CHARS));
  const sections = sectionsOf(input, text);
  const known = scoreKnownTerms(sections, text);
  const matchedSpellings = [...known.values()].flatMap(({ term }) => term.aliases.map((alias) => alias.toLowerCase()));
  const plain = scorePlainWords(sections, matchedSpellings);
  const category = chooseCategory(sections, known, existingCategories);
  const knownCandidates = [...known.values()].map(({ term, score }) => ({ tag: term.tag, score }));
  return { category, tags: chooseTags(knownCandidates, plain, category), summary: summarize(input, text) };
}
