import { webDarkTheme, webLightTheme } from '@fluentui/tokens';
import type { Theme } from '@fluentui/tokens';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/** The public pages' theme, a stylesheet imported by PublicRoot into the app's one stylesheet. */
export const PUBLIC_THEME_MODULE = 'virtual:public-theme.css';
const RESOLVED_ID = `\0${PUBLIC_THEME_MODULE}`;

function declarations(theme: Theme): string {
  return Object.entries(theme)
    .map(([name, value]) => `--${name}:${String(value)};`)
    .join('');
}

/**
 * Fluent's web light and dark themes as CSS variables on `:root`, chosen by the system's colour
 * scheme. Public pages read the same `var(--colorNeutralForeground1)`… as Fluent components, but
 * without FluentProvider: its theme objects and focus-management code would be about 15 KB gzip
 * of JavaScript before the landing page is usable, and it could only switch to dark after
 * hydration. Generated from the theme objects, so the values cannot drift from the admin's.
 */
export function publicThemeCss(): string {
  return [
    `:root{${declarations(webLightTheme)}}`,
    `@media (prefers-color-scheme: dark){:root{${declarations(webDarkTheme)}}}`,
    'body{margin:0}',
    // PublicRoot's element: Fluent's base text styles, as FluentProvider applies them.
    '.folio-public{min-height:100vh;color:var(--colorNeutralForeground1);background-color:var(--colorNeutralBackground1);' +
      'text-align:left;font-family:var(--fontFamilyBase);font-size:var(--fontSizeBase300);' +
      'font-weight:var(--fontWeightRegular);line-height:var(--lineHeightBase300)}',
  ].join('\n');
}

const VARIABLE_REFERENCE = /var\(\s*--([\w-]+)/g;

/**
 * The stylesheet without the theme variables on `:root` that nothing in it reads. Fluent's two
 * themes declare some 930 variables, about half the stylesheet, and the public pages' rules read
 * under a hundred; the stylesheet is inlined in every public page, so the rest was a third of
 * each page's compressed bytes. Only `:root` is pruned: the admin's Fluent components get their
 * variables from FluentProvider, and the public pages' Fluent toaster brings its own provider.
 */
export function pruneUnreadThemeVariables(css: string): string {
  const root = postcss.parse(css);
  const themeDeclarations: postcss.Declaration[] = [];
  const read = new Set<string>();
  const noteReads = (text: string) => {
    for (const [, name] of text.matchAll(VARIABLE_REFERENCE)) if (name) read.add(name);
  };
  root.walkDecls((declaration) => {
    const parent = declaration.parent;
    if (declaration.prop.startsWith('--') && parent?.type === 'rule' && (parent as postcss.Rule).selector === ':root') {
      themeDeclarations.push(declaration);
    } else {
      noteReads(declaration.value);
    }
  });
  // A kept variable may read others (a shadow reads a colour): keep those too, until none is added.
  let kept = 0;
  for (;;) {
    const keeping = themeDeclarations.filter((declaration) => read.has(declaration.prop.slice(2)));
    if (keeping.length === kept) break;
    kept = keeping.length;
    for (const declaration of keeping) noteReads(declaration.value);
  }
  for (const declaration of themeDeclarations) if (!read.has(declaration.prop.slice(2))) declaration.remove();
  return root.toString();
}

/**
 * Serves `virtual:public-theme.css` (see publicThemeCss), with any query left to Vite's CSS
 * handling, and prunes the built stylesheet's unread theme variables (pruneUnreadThemeVariables).
 */
export function publicTheme(): Plugin[] {
  const withoutQuery = (id: string) => id.split('?')[0];
  const serve: Plugin = {
    name: 'folio-public-theme',
    resolveId: (id) => (withoutQuery(id) === PUBLIC_THEME_MODULE ? `\0${id}` : undefined),
    load: (id) => (withoutQuery(id) === RESOLVED_ID ? publicThemeCss() : undefined),
  };
  // After Vite's own CSS plugin has emitted the stylesheet, before compression (listed after this).
  const prune: Plugin = {
    name: 'folio-public-theme-prune',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'asset' && output.fileName.endsWith('.css') && typeof output.source === 'string') {
          output.source = pruneUnreadThemeVariables(output.source);
        }
      }
    },
  };
  return [serve, prune];
}
