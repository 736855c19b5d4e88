import type * as Transliteration from 'transliteration';
import { SLUG_MAX_LENGTH, slugProblem } from '@folio/shared';

/**
 * Making an article's slug from its title (server/API.md §E19). The two libraries are loaded at
 * the first slug made, not at start: a site that creates no article since its start never pays
 * for pinyin-pro's dictionary.
 */

interface SlugLibraries {
  pinyin: (text: string) => string[];
  transliterate: (text: string) => string;
}

let libraries: Promise<SlugLibraries> | undefined;

type TransliterationModule = typeof Transliteration;

/**
 * The package is CommonJS: Node's own loader names its exports, but the compiled server's bundle
 * hands them over only as `default` (its `__esModule` mark), so both shapes are read.
 */
function transliterateOf(module: TransliterationModule): TransliterationModule['transliterate'] {
  const interop = module as TransliterationModule & { default?: TransliterationModule };
  return typeof interop.transliterate === 'function' ? interop.transliterate : interop.default!.transliterate;
}

function loadSlugLibraries(): Promise<SlugLibraries> {
  libraries ??= Promise.all([import('pinyin-pro'), import('transliteration')]).then(([pinyinPro, transliteration]) => ({
    // One syllable per Chinese character, without tones; every run of other text as one item.
    pinyin: (text) => pinyinPro.pinyin(text, { toneType: 'none', type: 'array', nonZh: 'consecutive' }),
    transliterate: (text) => transliterateOf(transliteration)(text),
  }));
  return libraries;
}

/** Cuts a slug to `max` characters, at a hyphen when one is near enough, never ending on one. */
function cutSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen >= max / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, '');
}

/**
 * The slug a title gives, before it is made unique: Chinese as pinyin without tones, other
 * scripts transliterated to ASCII, everything else (emoji, punctuation) dropped, words joined by
 * hyphens. `''` when nothing is left, or when only digits are (a slug of digits is an id's address).
 */
export async function slugFromTitle(title: string): Promise<string> {
  const { pinyin, transliterate } = await loadSlugLibraries();
  const ascii = pinyin(title.normalize('NFKC'))
    .map((part) => transliterate(part))
    .join(' ');
  const slug = cutSlug(
    ascii
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
    SLUG_MAX_LENGTH,
  );
  return slugProblem(slug) === null ? slug : '';
}

/**
 * `base`, or `base-2`, `base-3`… the first that `taken` does not hold, within the length limit;
 * `article-{id}` for an empty base.
 */
export function uniqueSlug(base: string, id: number, taken: (slug: string) => boolean): string {
  const start = base === '' ? `article-${id}` : base;
  if (!taken(start)) return start;
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${cutSlug(start, SLUG_MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken(candidate)) return candidate;
  }
}
