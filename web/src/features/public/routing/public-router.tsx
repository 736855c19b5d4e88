import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';

/** Where a public page is: its path and hash, and `key`, which changes with every navigation. */
export interface PublicLocation {
  pathname: string;
  hash: string;
  key: number;
}

/** A path to push, or -1 for the browser's back. */
export type Navigate = (to: string | -1) => void;

interface RouterValue {
  location: PublicLocation;
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue>({
  location: { pathname: '/', hash: '', key: 0 },
  navigate: () => undefined,
});

/** History entries the public pages push carry their depth, as react-router's did, so "back" knows if it stays on the site. */
interface HistoryState {
  idx: number;
}

const historyIndex = (): number => (window.history.state as Partial<HistoryState> | null)?.idx ?? 0;

function readLocation(key: number): PublicLocation {
  return { pathname: window.location.pathname, hash: window.location.hash, key };
}

function parseUrl(url: string): Omit<PublicLocation, 'key'> {
  const { pathname, hash } = new URL(url, 'http://localhost');
  return { pathname, hash };
}

/**
 * The public pages' router: three routes (`/`, `/articles/{id}`, the 404) need only the path, the
 * hash, push, back and links, which this does in a few lines where react-router is about 13 KB
 * gzip of JavaScript before the landing page is usable. The admin keeps react-router. `url` is
 * the request URL when rendering on the server; in the browser the location comes from `window`.
 */
export function PublicRouter({ url, children }: { url?: string; children: ReactNode }) {
  const [location, setLocation] = useState<PublicLocation>(() =>
    typeof window === 'undefined' || url !== undefined ? { ...parseUrl(url ?? '/'), key: 0 } : readLocation(0),
  );

  useEffect(() => {
    if ((window.history.state as Partial<HistoryState> | null)?.idx === undefined) {
      window.history.replaceState({ ...(window.history.state as object | null), idx: 0 }, '');
    }
    const onPopState = () => setLocation((previous) => readLocation(previous.key + 1));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigate>((to) => {
    if (to === -1) {
      window.history.back();
      return;
    }
    window.history.pushState({ idx: historyIndex() + 1 } satisfies HistoryState, '', to);
    setLocation((previous) => readLocation(previous.key + 1));
  }, []);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function useLocation(): PublicLocation {
  return useContext(RouterContext).location;
}

export function useNavigate(): Navigate {
  return useContext(RouterContext).navigate;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An in-site link: a plain click navigates without reloading; a modified click (new tab…) is left to the browser. */
export function Link({ to, onClick, ...props }: LinkProps) {
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || props.target) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...props} />;
}
