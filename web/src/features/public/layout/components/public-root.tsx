import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';

/** Id of the `<style>` holding the public theme, which the server puts in every page's head. */
export const PUBLIC_THEME_STYLE_ID = 'folio-public-theme';

/**
 * The public theme as CSS text: Fluent's light and dark themes as CSS variables on `:root`, chosen
 * by the system's colour scheme, and the `folio-public` class's base styles (web/vite/public-theme-css.ts).
 */
export async function loadPublicThemeCss(): Promise<string> {
  return (await import('virtual:public-theme.css?inline')).default;
}

/**
 * Root of every public page, in place of FluentProvider: the theme's CSS variables come from a
 * stylesheet inlined by the server in the page's head (entry-server), which follows the system's
 * light or dark setting from the first paint, and this element carries Fluent's base text styles.
 * The public components are drawn with CSS modules reading those variables, so no Fluent theme
 * code loads before the page is usable. A page the server did not render (its SSR bundle missing)
 * fetches the stylesheet here instead.
 */
export function PublicRoot({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    if (document.getElementById(PUBLIC_THEME_STYLE_ID)) return;
    void loadPublicThemeCss().then((css) => {
      if (document.getElementById(PUBLIC_THEME_STYLE_ID)) return;
      const style = document.createElement('style');
      style.id = PUBLIC_THEME_STYLE_ID;
      style.textContent = css;
      document.head.prepend(style);
    });
  }, []);
  return (
    <div dir="ltr" className="folio-public">
      {children}
    </div>
  );
}
