import type { ReactNode } from 'react';
// Fluent's light and dark themes as CSS variables and the `folio-public` base text styles
// (web/vite/public-theme-css.ts), in the app's one stylesheet, which the server inlines in every
// page it renders: the page follows the system's light or dark setting from its first paint.
import 'virtual:public-theme.css';

/**
 * Root of every public page, in place of FluentProvider: the public components are drawn with CSS
 * modules and Fluent's token variables only, so no Fluent theme or CSS-in-JS code loads before the
 * page is usable. This element carries Fluent's base text styles.
 */
export function PublicRoot({ children }: { children: ReactNode }) {
  return (
    <div dir="ltr" className="folio-public">
      {children}
    </div>
  );
}
