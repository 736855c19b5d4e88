import { webDarkTheme, webLightTheme } from '@fluentui/tokens';
import type { Theme } from '@fluentui/tokens';
import type { Plugin } from 'vite';

/** The module public pages import for their theme; it is CSS, so it costs no JavaScript. */
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
  ].join('\n');
}

/** Serves `virtual:public-theme.css` (see publicThemeCss). */
export function publicTheme(): Plugin {
  return {
    name: 'folio-public-theme',
    resolveId: (id) => (id === PUBLIC_THEME_MODULE ? RESOLVED_ID : undefined),
    load: (id) => (id === RESOLVED_ID ? publicThemeCss() : undefined),
  };
}
