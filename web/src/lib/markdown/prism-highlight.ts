// Prism core auto-highlights the whole document on load in a browser; we highlight while
// rendering Markdown (also on the server), so switch that off before the core module runs.
import './prism-manual';
import Prism from 'prismjs';
// The languages themselves are loaded on demand: all of them on the server and in the admin
// (loadAllCodeLanguages), the ones an article uses on a public page (loadCodeLanguages). They
// are scripts that extend the global Prism, so each must run after the core and after the
// languages it extends: imported statically, a bundler may run them first.
/** Prism's language components Folio knows, each with the components it extends (loaded first). */
const COMPONENTS = {
  typescript: { needs: [], load: () => import('prismjs/components/prism-typescript.js') },
  jsx: { needs: [], load: () => import('prismjs/components/prism-jsx.js') },
  tsx: { needs: ['jsx', 'typescript'], load: () => import('prismjs/components/prism-tsx.js') },
  bash: { needs: [], load: () => import('prismjs/components/prism-bash.js') },
  json: { needs: [], load: () => import('prismjs/components/prism-json.js') },
  yaml: { needs: [], load: () => import('prismjs/components/prism-yaml.js') },
  python: { needs: [], load: () => import('prismjs/components/prism-python.js') },
  java: { needs: [], load: () => import('prismjs/components/prism-java.js') },
  go: { needs: [], load: () => import('prismjs/components/prism-go.js') },
  rust: { needs: [], load: () => import('prismjs/components/prism-rust.js') },
  sql: { needs: [], load: () => import('prismjs/components/prism-sql.js') },
  c: { needs: [], load: () => import('prismjs/components/prism-c.js') },
  cpp: { needs: ['c'], load: () => import('prismjs/components/prism-cpp.js') },
  csharp: { needs: [], load: () => import('prismjs/components/prism-csharp.js') },
  markdown: { needs: [], load: () => import('prismjs/components/prism-markdown.js') },
  docker: { needs: [], load: () => import('prismjs/components/prism-docker.js') },
  diff: { needs: [], load: () => import('prismjs/components/prism-diff.js') },
  ini: { needs: [], load: () => import('prismjs/components/prism-ini.js') },
  toml: { needs: [], load: () => import('prismjs/components/prism-toml.js') },
  kotlin: { needs: [], load: () => import('prismjs/components/prism-kotlin.js') },
  swift: { needs: [], load: () => import('prismjs/components/prism-swift.js') },
  nginx: { needs: [], load: () => import('prismjs/components/prism-nginx.js') },
} satisfies Record<string, { needs: string[]; load: () => Promise<unknown> }>;

export type LanguageComponent = keyof typeof COMPONENTS;

/** The other names a component registers in Prism.languages (a test checks this against Prism). */
export const REGISTERED_ALIASES: Readonly<Record<string, LanguageComponent>> = {
  ts: 'typescript',
  sh: 'bash',
  shell: 'bash',
  webmanifest: 'json',
  yml: 'yaml',
  py: 'python',
  cs: 'csharp',
  dotnet: 'csharp',
  md: 'markdown',
  dockerfile: 'docker',
  kt: 'kotlin',
  kts: 'kotlin',
};

export const LANGUAGE_COMPONENTS = Object.keys(COMPONENTS) as LanguageComponent[];

const ALIASES: Record<string, string> = {
  ts: 'typescript',
  js: 'javascript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  yml: 'yaml',
  py: 'python',
  golang: 'go',
  rs: 'rust',
  html: 'markup',
  xml: 'markup',
  svg: 'markup',
  vue: 'markup',
  'c++': 'cpp',
  cs: 'csharp',
  dockerfile: 'docker',
  md: 'markdown',
  kt: 'kotlin',
};

/** The Prism grammar name for a fence's language, or `undefined` when Prism does not know it. */
export function resolveLanguage(language: string): string | undefined {
  const name = ALIASES[language.toLowerCase()] ?? language.toLowerCase();
  return Prism.languages[name] ? name : undefined;
}

/** Highlighted HTML for a code block; `undefined` for an unknown language (the caller escapes). */
export function highlightCode(code: string, language: string): string | undefined {
  const name = resolveLanguage(language);
  if (!name) return undefined;
  const grammar = Prism.languages[name];
  return grammar ? Prism.highlight(code, grammar, name) : undefined;
}

function componentOf(language: string): LanguageComponent | undefined {
  const name = ALIASES[language.toLowerCase()] ?? language.toLowerCase();
  if (Object.hasOwn(COMPONENTS, name)) return name as LanguageComponent;
  return Object.hasOwn(REGISTERED_ALIASES, name) ? REGISTERED_ALIASES[name] : undefined;
}

// A fence opener, possibly inside a list or a quote: over-matching only loads a grammar too many.
const FENCE_LANGUAGE = /^[ \t>*+\-\d.]*(?:`{3,}|~{3,})[ \t]*([^\s`~]+)/gm;

/**
 * The language components a Markdown source's code blocks need, with what they extend, in load
 * order. Prism's Markdown grammar highlights code blocks inside it with whatever languages are
 * loaded, so a ```markdown block needs them all to come out as the server rendered it.
 */
export function componentsFor(source: string): LanguageComponent[] {
  const wanted = new Set<LanguageComponent>();
  for (const match of source.matchAll(FENCE_LANGUAGE)) {
    const component = componentOf(match[1] ?? '');
    if (component) wanted.add(component);
  }
  return inLoadOrder(wanted.has('markdown') ? LANGUAGE_COMPONENTS : wanted);
}

/** The components with what they extend, each after the ones it needs. */
function inLoadOrder(components: Iterable<LanguageComponent>): LanguageComponent[] {
  const ordered: LanguageComponent[] = [];
  const visit = (component: LanguageComponent) => {
    if (ordered.includes(component)) return;
    for (const need of COMPONENTS[component].needs) visit(need as LanguageComponent);
    ordered.push(component);
  };
  for (const component of components) visit(component);
  return ordered;
}

const loading = new Map<string, Promise<void>>();

function loadInOrder(components: LanguageComponent[]): Promise<void> {
  const key = components.join(',');
  let pending = loading.get(key);
  if (!pending) {
    pending = (async () => {
      for (const component of components) {
        if (!Prism.languages[component]) await COMPONENTS[component].load().catch(() => undefined);
      }
    })();
    loading.set(key, pending);
  }
  return pending;
}

/** Loads every language Folio highlights: the server renders any article with them, the admin previews any. */
export function loadAllCodeLanguages(): Promise<void> {
  return loadInOrder(inLoadOrder(LANGUAGE_COMPONENTS));
}

/**
 * `null` when every language the source's code blocks use is loaded (always, on the server),
 * else the promise of loading them: one request per grammar, each a few KB, instead of all of
 * them on every article page. A grammar that fails to load leaves its code plain (escaped).
 */
export function loadCodeLanguages(source: string): Promise<void> | null {
  const missing = componentsFor(source).filter((component) => !Prism.languages[component]);
  return missing.length === 0 ? null : loadInOrder(missing);
}
