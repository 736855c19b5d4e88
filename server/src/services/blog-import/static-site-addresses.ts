/**
 * The addresses a static site's posts had (server/API.md §E21.4), by its generator's rules: the
 * site's permalink pattern (`_config.yml` `permalink`, Hugo's `permalinks`, Jekyll's default
 * `date` style), or the owner's pattern instead, and the post's own (`permalink`, Hugo's `url`
 * and `aliases`); each becomes a redirect to the imported article.
 */
import type { BlogImportOptions } from '@folio/shared';
import type { ImportParse } from '@folio/shared/markdown-import-parse';
import type { SiteLayout } from './static-site-layout.js';
import { readConfig } from './static-site-layout.js';
import {
  HEXO_DEFAULT_PERMALINK,
  JEKYLL_DEFAULT_PERMALINK,
  JEKYLL_PERMALINK_STYLES,
  expandPermalink,
  hexoSlugize,
  urlize,
} from './static-site-permalinks.js';
import type { PermalinkValues } from './static-site-permalinks.js';

export interface SiteConfig {
  /** The old site's address without a trailing `/` (`https://old.example/blog`), or null. */
  siteUrl: string | null;
  /** Its scheme and host, to make a site path absolute. */
  origin: string | null;
  /** Its path (`/blog`, or ''), which every address of the site starts with. */
  pathPrefix: string;
  /** The owner's pattern, else the site's (Hexo's and Jekyll's); null for the generator's own default. */
  pattern: string | null;
  /** Hugo's `permalinks`, by section. */
  hugoPermalinks: Map<string, string>;
  hexoDefaultCategory: string;
  /** Hexo's `new_post_name` starts with the date, so a file's name does too and its title follows. */
  hexoDatedNames: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const DATED = /^\d{4}-\d{2}-\d{2}-/;

function siteAddress(written: string): { siteUrl: string; origin: string; pathPrefix: string } | null {
  if (!written) return null;
  try {
    const url = new URL(written);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const pathPrefix = url.pathname.replace(/\/+$/, '');
    return { siteUrl: `${url.origin}${pathPrefix}`, origin: url.origin, pathPrefix };
  } catch {
    return null;
  }
}

function hugoPermalinksOf(value: unknown): Map<string, string> {
  const patterns = new Map<string, string>();
  if (!isRecord(value)) return patterns;
  // Hugo 0.120 moved them under `page`; the flat form still works.
  const perSection = isRecord(value.page) ? value.page : value;
  for (const [section, pattern] of Object.entries(perSection))
    if (typeof pattern === 'string') patterns.set(section.toLowerCase(), pattern);
  return patterns;
}

/** The site's settings from its config files, the owner's options over them. */
export function configOf(layout: SiteLayout, texts: ReadonlyMap<string, string>, options: BlogImportOptions): SiteConfig {
  const settings: Record<string, unknown> = {};
  for (const path of layout.configFiles) {
    const file = texts.get(path);
    if (file === undefined) continue;
    const read = readConfig(path, file);
    // A file under config/_default/ named for one setting holds only that setting's value.
    const named = /config\/_default\/(permalinks)\.[a-z]+$/.exec(path)?.[1];
    Object.assign(settings, named ? { [named]: read } : read);
  }
  const written =
    layout.generator === 'hugo'
      ? text(settings.baseurl)
      : layout.generator === 'jekyll'
        ? `${text(settings.url).replace(/\/+$/, '')}${text(settings.baseurl)}`
        : text(settings.url);
  const address = siteAddress(text(options.site_url)) ?? siteAddress(written);
  const ownPattern = text(options.permalink);
  const sitePattern = layout.generator === 'hexo' || layout.generator === 'jekyll' ? text(settings.permalink) : '';
  const pattern = ownPattern || sitePattern;
  return {
    siteUrl: address?.siteUrl ?? null,
    origin: address?.origin ?? null,
    pathPrefix: address?.pathPrefix ?? '',
    pattern: pattern ? (JEKYLL_PERMALINK_STYLES[pattern] ?? pattern) : null,
    hugoPermalinks: hugoPermalinksOf(settings.permalinks),
    hexoDefaultCategory: text(settings.default_category) || 'uncategorized',
    hexoDatedNames: /^:year-:month-:day-/.test(text(settings.new_post_name)),
  };
}

const stemOf = (path: string) => (path.split('/').pop() ?? '').replace(/\.[^.]+$/, '');
const isBundle = (path: string) => /(^|\/)index\.(md|markdown)$/.test(path);

/** Hexo's `:title`: the path under `_posts/` without its extension (and its date, when names carry one). */
function hexoTitle(config: SiteConfig, path: string): string {
  const under = path.replace(/^source\/_(posts|drafts)\//, '').replace(/\.[^./]+$/, '');
  return config.hexoDatedNames ? under.replace(/(^|\/)\d{4}-\d{2}-\d{2}-/, '$1') : under;
}

/** The old slug: the front matter's, else the name the generator gave the post. */
export function slugOf(layout: SiteLayout, config: SiteConfig, path: string, read: ImportParse): string {
  if (read.address.slug) return read.address.slug;
  const folders = path.split('/').slice(0, -1);
  switch (layout.generator) {
    case 'hexo':
      return hexoTitle(config, path).split('/').pop() ?? '';
    case 'hugo':
      return isBundle(path) ? (folders.at(-1) ?? '') : stemOf(path);
    default:
      return stemOf(path).replace(DATED, '');
  }
}

function valuesOf(layout: SiteLayout, config: SiteConfig, path: string, read: ImportParse): PermalinkValues {
  const { parsed } = read;
  const slug = slugOf(layout, config, path, read);
  const categories = [parsed.category, ...parsed.otherCategories].filter(Boolean);
  const folders = path.split('/').slice(0, -1);
  const base: PermalinkValues = {
    date: parsed.date,
    title: slug,
    slug,
    name: stemOf(path).replace(DATED, ''),
    filename: slug,
    section: '',
    sections: [],
    category: '',
    categories: [],
    id: '',
    outputExt: '.html',
  };
  switch (layout.generator) {
    case 'hexo': {
      const category = categories.map(hexoSlugize).join('/');
      return {
        ...base,
        title: hexoTitle(config, path),
        name: stemOf(path),
        category: category || config.hexoDefaultCategory,
        categories: categories.map(hexoSlugize),
      };
    }
    case 'hugo': {
      const sections = folders.slice(1, isBundle(path) ? -1 : undefined);
      const filename = isBundle(path) ? (folders.at(-1) ?? '') : stemOf(path);
      const title = urlize(parsed.title);
      return {
        ...base,
        title,
        slug: read.address.slug || title,
        filename,
        section: sections[0] ?? '',
        sections,
        categories: categories.map(urlize),
      };
    }
    case 'jekyll': {
      // Folders above `_posts/` are categories too (`blog/_posts/…`), before the front matter's.
      const above = folders.slice(0, folders.indexOf('_posts') < 0 ? folders.indexOf('_drafts') : folders.indexOf('_posts'));
      const all = [...new Set([...above, ...categories].map((category) => category.toLowerCase()))];
      return { ...base, categories: all, category: all[0] ?? '' };
    }
    case 'markdown':
      return { ...base, categories: categories.map(urlize), category: urlize(categories[0] ?? '') };
  }
}

/** A page's address when no pattern says otherwise: where the generator writes its file. */
function pageAddress(layout: SiteLayout, path: string): string | null {
  const inside =
    layout.generator === 'hexo'
      ? path.replace(/^source\//, '')
      : layout.generator === 'hugo'
        ? path.replace(/^content\//, '')
        : path;
  if (isBundle(inside)) return `/${inside.replace(/index\.(md|markdown)$/, '')}`;
  return layout.generator === 'hugo'
    ? `/${inside.replace(/\.(md|markdown)$/, '')}/`
    : `/${inside.replace(/\.(md|markdown)$/, '.html')}`;
}

/** Hugo's own address for a post no pattern covers: its folders under `content/`, then its slug or name. */
function hugoDefault(path: string, slug: string, filename: string): string {
  const folders = path.split('/').slice(1, isBundle(path) ? -2 : -1);
  return `/${[...folders, slug || filename].join('/')}/`.replace(/\/{2,}/g, '/');
}

/** `/`-led and on the site's path (`/blog`), as a link on the old site had it. */
function onSite(config: SiteConfig, address: string): string {
  const path = address.startsWith('/') ? address : `/${address}`;
  return `${config.pathPrefix}${path}`.replace(/\/{2,}/g, '/');
}

/** Every address the post had on the old site: its own or the pattern's, then its aliases. */
export function addressesOf(
  layout: SiteLayout,
  config: SiteConfig,
  path: string,
  read: ImportParse,
  kind: 'post' | 'page',
): string[] {
  const values = valuesOf(layout, config, path, read);
  const own = read.address.url || (read.address.permalink ? (expandPermalink(read.address.permalink, values) ?? '') : '');
  let main: string | null = own || null;
  if (!main && kind === 'page') {
    main =
      layout.generator === 'hugo' && read.address.slug
        ? hugoDefault(path, read.address.slug, values.filename)
        : pageAddress(layout, path);
  } else if (!main) {
    const sectionPattern = layout.generator === 'hugo' ? config.hugoPermalinks.get(values.section.toLowerCase()) : undefined;
    const pattern = config.pattern ?? sectionPattern ?? defaultPattern(layout);
    if (pattern) main = expandPermalink(pattern, values);
    else if (layout.generator === 'hugo') main = hugoDefault(path, read.address.slug, values.filename);
  }
  const addresses = main ? [onSite(config, main)] : [];
  for (const alias of read.address.aliases) {
    // A relative alias is relative to the post's own address, as Hugo resolves it.
    const resolved = alias.startsWith('/') ? alias : new URL(alias, `http://site${addresses[0] ?? '/'}`).pathname;
    addresses.push(alias.startsWith('/') ? onSite(config, resolved) : resolved);
  }
  return [...new Set(addresses)];
}

function defaultPattern(layout: SiteLayout): string | null {
  if (layout.generator === 'hexo') return HEXO_DEFAULT_PERMALINK;
  if (layout.generator === 'jekyll') return JEKYLL_DEFAULT_PERMALINK;
  return null;
}
