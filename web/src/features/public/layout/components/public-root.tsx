import type { ReactNode } from 'react';
import 'virtual:public-theme.css';
import './public-root.css';

/**
 * Root of every public page, in place of FluentProvider: the theme's CSS variables come from a
 * stylesheet (web/vite/public-theme-css.ts) that follows the system's light or dark setting from
 * the first paint, and this element carries Fluent's base text styles. The public components are
 * drawn with Griffel and those variables only, so no Fluent theme code loads before the page is usable.
 */
export function PublicRoot({ children }: { children: ReactNode }) {
  return (
    <div dir="ltr" className="folio-public">
      {children}
    </div>
  );
}
