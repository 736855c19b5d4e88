import type { ReactNode } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';

// Public pages route with react-router, as the admin does. Its build is one module the bundler
// cannot trim (about 14 KB gzip of the landing page's script), which is the stack's price.
export { Link, useLocation, useNavigate } from 'react-router-dom';

/**
 * The public pages' router. `url` is the request URL when rendering on the server; in the
 * browser the location comes from `window`.
 */
export function PublicRouter({ url, children }: { url?: string; children: ReactNode }) {
  return url === undefined ? <BrowserRouter>{children}</BrowserRouter> : <StaticRouter location={url}>{children}</StaticRouter>;
}
