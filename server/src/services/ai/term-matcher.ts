import { escapeRegExp } from '@folio/shared';
import { CASE_SENSITIVE_ALIASES, KNOWN_TERMS } from './keywords.js';
import type { KnownTerm } from './keywords.js';

/** A piece of the article and how much a word found there counts (a title word counts most). */
export interface WeightedText {
  text: string;
  weight: number;
}

const CJK = /[\u4e00-\u9fa5]/;

/**
 * Short Latin aliases ("AI", "TS", "Vue") and everyday words ("Node", "Go") only match as
 * written; the rest match in any case. Letters or digits around a Latin alias mean it is part
 * of another word ("Gopher", "TSX").
 */
function isCaseSensitive(alias: string): boolean {
  return !CJK.test(alias) && (CASE_SENSITIVE_ALIASES.has(alias) || (alias.length <= 3 && !/\d/.test(alias)));
}

function aliasPattern(alias: string): string {
  const body = escapeRegExp(alias);
  return CJK.test(alias) ? body : `(?<![A-Za-z0-9_])${body}(?![A-Za-z0-9_]|\\+\\+)`;
}

/** One regex per case mode, longest alias first so "Spring Boot" is one match, not "Spring" and more. */
function aliasRegExp(aliases: readonly string[], flags: string): RegExp | undefined {
  if (aliases.length === 0) return undefined;
  const sorted = [...new Set(aliases)].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map(aliasPattern).join('|'), flags);
}

interface CompiledTerm {
  term: KnownTerm;
  anyCase: RegExp | undefined;
  exactCase: RegExp | undefined;
}

function compile(term: KnownTerm): CompiledTerm {
  return {
    term,
    anyCase: aliasRegExp(
      term.aliases.filter((alias) => !isCaseSensitive(alias)),
      'gi',
    ),
    exactCase: aliasRegExp(term.aliases.filter(isCaseSensitive), 'g'),
  };
}

function countHits({ anyCase, exactCase }: CompiledTerm, text: string): number {
  let hits = 0;
  let rest = text;
  if (anyCase) {
    hits += rest.match(anyCase)?.length ?? 0;
    // Matched text is blanked so an exact-case alias inside it is not counted again.
    rest = rest.replace(anyCase, ' ');
  }
  if (exactCase) hits += rest.match(exactCase)?.length ?? 0;
  return hits;
}

let compiled: CompiledTerm[] | undefined;

/** Weighted occurrences of every known term in the text, keyed by its tag; absent terms are left out. */
export function matchKnownTerms(sections: readonly WeightedText[]): Map<string, { term: KnownTerm; score: number }> {
  compiled ??= KNOWN_TERMS.map(compile);
  const found = new Map<string, { term: KnownTerm; score: number }>();
  for (const entry of compiled) {
    let score = 0;
    for (const section of sections) score += countHits(entry, section.text) * section.weight;
    if (score > 0) found.set(entry.term.tag, { term: entry.term, score });
  }
  return found;
}

export function findKnownTerm(tag: string): KnownTerm | undefined {
  return KNOWN_TERMS.find((term) => term.tag === tag);
}

/** Every spelling of every known term, lower-cased: such words are never counted twice as plain words. */
export const KNOWN_SPELLINGS: ReadonlySet<string> = new Set(
  KNOWN_TERMS.flatMap((term) => term.aliases.map((alias) => alias.toLowerCase())),
);
