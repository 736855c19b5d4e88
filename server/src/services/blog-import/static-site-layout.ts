/**
 * Which generator a static site's source tree was written for, and what that says of its files
 * (server/API.md §E21.4): where the tree starts in the zip (a zipped folder wraps it in one more),
 * where its posts and drafts are, which files are its configuration, and at which site address
 * each file of the tree is published.
 */
import { MARKDOWN_FILE_NAME, readFrontMatterFields } from '@folio/shared/front-matter';

export type Generator = 'hexo' | 'hugo' | 'jekyll' | 'markdown';

export interface SiteLayout {
  generator: Generator;
  /** The tree's folder in the zip, '' or ending with `/`. */
  root: string;
  /** Config files to read, in the order they override each other (later wins). */
  configFiles: string[];
}

/** What a Markdown file of the tree is to the generator. */
export type FileRole = { kind: 'post' | 'page'; draft: boolean } | { kind: 'skip'; reason: 'list-page' | 'outside-posts' };

const HUGO_CONFIG = /^(hugo|config)\.(toml|ya?ml|json)$/;
const HUGO_CONFIG_DIR = /^config\/_default\/(hugo|config|params|permalinks)\.(toml|ya?ml|json)$/;
/** Folders of a tree that never hold the site's own posts. */
const NOT_CONTENT = /(^|\/)(node_modules|themes|public|_site|resources|vendor|\.[^/]+)\//;
/** Markdown files a site keeps for its repository, not its readers. */
const REPOSITORY_FILES = /^(readme|changelog|license|licence|contributing|code_of_conduct)\.(md|markdown)$/i;
const HEXO_CONFIG_KEYS = /^(new_post_name|post_asset_folder|source_dir|public_dir|default_category|i18n_dir|skip_render)\s*:/m;

/** The folders (at most one level deep) a tree may start at: '' and each top folder. */
function candidateRoots(paths: readonly string[]): string[] {
  const tops = new Set<string>();
  for (const path of paths) {
    const slash = path.indexOf('/');
    if (slash > 0) tops.add(path.slice(0, slash + 1));
  }
  return ['', ...[...tops].sort()];
}

/** Recognises the generator by the tree's files; `configText` reads a file of the zip when asked. */
export function detectLayout(paths: readonly string[], hexoConfigHasKeys: (path: string) => boolean): SiteLayout {
  const all = new Set(paths);
  const under = (prefix: string) => paths.some((path) => path.startsWith(prefix));
  for (const root of candidateRoots(paths)) {
    const relative = paths.filter((path) => path.startsWith(root)).map((path) => path.slice(root.length));
    if (
      under(`${root}source/_posts/`) ||
      (all.has(`${root}_config.yml`) && under(`${root}source/`) && hexoConfigHasKeys(`${root}_config.yml`))
    ) {
      return { generator: 'hexo', root, configFiles: all.has(`${root}_config.yml`) ? [`${root}_config.yml`] : [] };
    }
    const hugoConfigs = relative.filter((path) => HUGO_CONFIG.test(path) || HUGO_CONFIG_DIR.test(path));
    if (hugoConfigs.length > 0 && under(`${root}content/`)) {
      // config/_default/ is read first, then the root file (Hugo merges the root's over it).
      const ordered = [...hugoConfigs.filter((path) => path.includes('/')), ...hugoConfigs.filter((path) => !path.includes('/'))];
      return { generator: 'hugo', root, configFiles: ordered.map((path) => root + path) };
    }
    const hasPostsFolder = relative.some((path) => /(^|\/)_posts\//.test(path) && !NOT_CONTENT.test(path));
    if (under(`${root}_posts/`) || (all.has(`${root}_config.yml`) && hasPostsFolder)) {
      return { generator: 'jekyll', root, configFiles: all.has(`${root}_config.yml`) ? [`${root}_config.yml`] : [] };
    }
  }
  return { generator: 'markdown', root: '', configFiles: [] };
}

export function hasHexoConfigKeys(text: string): boolean {
  return HEXO_CONFIG_KEYS.test(text);
}

/** A config file's settings (YAML, TOML or JSON), keys in lower case as Hugo reads them; `{}` when unreadable. */
export function readConfig(path: string, text: string): Record<string, unknown> {
  if (path.endsWith('.json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key.toLowerCase(), value]))
        : {};
    } catch {
      return {};
    }
  }
  // The front matter reader reads the same two languages, and keeps the server free of its own copy of them.
  const fence = path.endsWith('.toml') ? '+++' : '---';
  return readFrontMatterFields(`${fence}\n${text.replace(/^(---|\+\+\+)\s*$/gm, '')}\n${fence}\n`);
}

/** What a Markdown file (its path inside the tree) is to the generator. */
export function roleOf(generator: Generator, path: string): FileRole {
  const name = path.split('/').pop() ?? '';
  if (NOT_CONTENT.test(path) || REPOSITORY_FILES.test(path)) return { kind: 'skip', reason: 'outside-posts' };
  switch (generator) {
    case 'hexo':
      if (path.startsWith('source/_posts/')) return { kind: 'post', draft: false };
      if (path.startsWith('source/_drafts/')) return { kind: 'post', draft: true };
      // Hexo renders every other page under source/ that no `_` folder hides (`source/about/index.md`).
      if (path.startsWith('source/') && !/(^|\/)_/.test(path.slice('source/'.length))) return { kind: 'page', draft: false };
      return { kind: 'skip', reason: 'outside-posts' };
    case 'hugo': {
      if (!path.startsWith('content/')) return { kind: 'skip', reason: 'outside-posts' };
      if (name === '_index.md' || name === '_index.markdown') return { kind: 'skip', reason: 'list-page' };
      const inside = path.slice('content/'.length).split('/');
      // A file right under content/, or a bundle there (`content/about/index.md`), is a page outside every section.
      const isBundle = /^index\.(md|markdown)$/.test(name);
      return { kind: inside.length === 1 || (isBundle && inside.length === 2) ? 'page' : 'post', draft: false };
    }
    case 'jekyll':
      if (/(^|\/)_posts\//.test(path)) return { kind: 'post', draft: false };
      if (/(^|\/)_drafts\//.test(path)) return { kind: 'post', draft: true };
      if (!path.includes('/') && !/^(index|404)\./.test(name)) return { kind: 'page', draft: false };
      return { kind: 'skip', reason: 'outside-posts' };
    case 'markdown':
      return MARKDOWN_FILE_NAME.test(name) ? { kind: 'post', draft: false } : { kind: 'skip', reason: 'outside-posts' };
  }
}

/**
 * Where the generator publishes a file of the tree that is not a post (an image), as a site
 * path; `null` when it publishes it nowhere on its own (Hexo's post folders, Hugo's bundles:
 * those go beside their post, which the reader knows).
 */
export function publishedPathOf(generator: Generator, path: string): string | null {
  switch (generator) {
    case 'hexo':
      if (!path.startsWith('source/')) return null;
      return path.startsWith('source/_') ? null : `/${path.slice('source/'.length)}`;
    case 'hugo':
      if (path.startsWith('static/')) return `/${path.slice('static/'.length)}`;
      // A resource beside content that is not a bundle is published at its own path under content/.
      return path.startsWith('content/') ? `/${path.slice('content/'.length)}` : null;
    case 'jekyll':
      return /(^|\/)_/.test(path) || NOT_CONTENT.test(path) ? null : `/${path}`;
    case 'markdown':
      return `/${path}`;
  }
}
