// Prism core auto-highlights the whole document on load in a browser; we highlight while
// rendering Markdown (also on the server), so switch that off before the core module runs.
import './prism-manual';
import Prism from 'prismjs';
// Languages (the core bundle already has markup, css, clike and javascript). The `.js` suffix
// lets Node load these CommonJS files from the server-side bundle as well.
import 'prismjs/components/prism-typescript.js';
import 'prismjs/components/prism-jsx.js';
import 'prismjs/components/prism-tsx.js';
import 'prismjs/components/prism-bash.js';
import 'prismjs/components/prism-json.js';
import 'prismjs/components/prism-yaml.js';
import 'prismjs/components/prism-python.js';
import 'prismjs/components/prism-java.js';
import 'prismjs/components/prism-go.js';
import 'prismjs/components/prism-rust.js';
import 'prismjs/components/prism-sql.js';
import 'prismjs/components/prism-c.js';
import 'prismjs/components/prism-cpp.js';
import 'prismjs/components/prism-csharp.js';
import 'prismjs/components/prism-markdown.js';
import 'prismjs/components/prism-docker.js';
import 'prismjs/components/prism-diff.js';
import 'prismjs/components/prism-ini.js';
import 'prismjs/components/prism-toml.js';
import 'prismjs/components/prism-kotlin.js';
import 'prismjs/components/prism-swift.js';
import 'prismjs/components/prism-nginx.js';

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
