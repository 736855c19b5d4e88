/**
 * A static site's permalink patterns (server/API.md §E21.4): how Hexo, Hugo and Jekyll turn a
 * post's date, names and categories into the address it had, so that address can redirect.
 */

/** What a post gives the pattern's tokens; each generator fills them by its own rules. */
export interface PermalinkValues {
  /** ISO 8601 UTC; a pattern with date tokens gives no address without it. */
  date: string | undefined;
  /** `:title`: Hexo's path under `_posts`, Jekyll's slug, Hugo's title made a URL part. */
  title: string;
  /** `:slug`: the front matter's slug, else the generator's stand-in. */
  slug: string;
  /** `:name`: the file name without its extension (and, for Jekyll, without its date). */
  name: string;
  /** `:filename`: Hugo's file name, or a bundle's folder name. */
  filename: string;
  /** `:section`: Hugo's first folder under `content/`. */
  section: string;
  /** `:sections`: every folder between `content/` and the post. */
  sections: string[];
  /** `:category`: Hexo's category path (`a/b`), or its default. */
  category: string;
  /** `:categories`: Jekyll's categories joined by `/`, lower case. */
  categories: string[];
  /** `:id`: the generator's id, when it has one ('' otherwise). */
  id: string;
  /** `:output_ext`: Jekyll's `.html`. */
  outputExt: string;
}

/** Jekyll's named styles (`permalink: pretty` in `_config.yml`). */
export const JEKYLL_PERMALINK_STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

export const HEXO_DEFAULT_PERMALINK = ':year/:month/:day/:title/';
export const JEKYLL_DEFAULT_PERMALINK = JEKYLL_PERMALINK_STYLES.date ?? '';

const DATE_TOKENS = new Set([
  'year',
  'month',
  'day',
  'i_month',
  'i_day',
  'hour',
  'minute',
  'second',
  'short_year',
  'y_day',
  'week',
  'short_day',
]);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

function isoWeek(date: Date): number {
  const thursday = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7)),
  );
  return Math.floor((dayOfYear(thursday) - 1) / 7) + 1;
}

function dateTokens(iso: string | undefined): Record<string, string> | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return {
    year: String(date.getUTCFullYear()),
    short_year: pad(date.getUTCFullYear() % 100),
    month: pad(date.getUTCMonth() + 1),
    i_month: String(date.getUTCMonth() + 1),
    day: pad(date.getUTCDate()),
    i_day: String(date.getUTCDate()),
    hour: pad(date.getUTCHours()),
    minute: pad(date.getUTCMinutes()),
    second: pad(date.getUTCSeconds()),
    y_day: pad(dayOfYear(date), 3),
    week: pad(isoWeek(date)),
    short_day: WEEKDAYS[date.getUTCDay()] ?? '',
  };
}

/**
 * The address a pattern gives a post: `/`-led, no doubled `/` (an empty `:categories` leaves
 * none), the pattern's trailing `/` kept. `null` when the pattern needs a date the post lacks.
 * Unknown tokens stay as written.
 */
export function expandPermalink(pattern: string, values: PermalinkValues): string | null {
  const dates = dateTokens(values.date);
  const tokens: Record<string, string> = {
    ...dates,
    title: values.title,
    slug: values.slug,
    name: values.name,
    filename: values.filename,
    slugorfilename: values.slug || values.filename,
    section: values.section,
    sections: values.sections.join('/'),
    category: values.category,
    categories: values.categories.join('/'),
    id: values.id,
    output_ext: values.outputExt,
  };
  let needsMissingDate = false;
  const expanded = pattern.replace(/:([a-z_]+)/g, (whole, token: string) => {
    if (DATE_TOKENS.has(token) && !dates) needsMissingDate = true;
    return tokens[token] ?? whole;
  });
  if (needsMissingDate) return null;
  return `/${expanded}`.replace(/\/{2,}/g, '/');
}

/** A title as Hugo's `urlize` makes it a URL part: lower case, spaces as `-`, punctuation dropped. */
export function urlize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}\-_./]/gu, '')
    .replace(/-{2,}/g, '-');
}

/** A name as Hexo's `slugize` makes it: spaces and URL-unsafe marks as `-`, case kept. */
export function hexoSlugize(text: string): string {
  return text
    .trim()
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'<>,.?/]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
