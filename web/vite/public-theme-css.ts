import { webDarkTheme, webLightTheme } from '@fluentui/tokens';
import type { Theme } from '@fluentui/tokens';
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

/** Serves `virtual:public-theme.css` (see publicThemeCss), with any query left to Vite's CSS handling. */
export function publicTheme(): Plugin {
  const withoutQuery = (id: string) => id.split('?')[0];
  return {
    name: 'folio-public-theme',
    resolveId: (id) => (withoutQuery(id) === PUBLIC_THEME_MODULE ? `\0${id}` : undefined),
    load: (id) => (withoutQuery(id) === RESOLVED_ID ? publicThemeCss() : undefined),
  };
}
