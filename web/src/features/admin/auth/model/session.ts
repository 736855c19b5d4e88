import { UiMessages } from '@folio/shared';
import type { TokenStorage } from '../../platform';

export interface LoginRedirectState {
  /** The admin path to return to after signing in. */
  from?: string;
  /** Shown as a warning on the login page ('登录已过期，请重新登录'). */
  message?: string;
}

export interface Session {
  hasToken(): boolean;
  signIn(token: string): void;
  /**
   * Clears the token, remembers the current path and sends the owner to the login page, saying
   * the login expired only when there was one: a browser that never signed in is just asked to.
   */
  expire(): void;
  /** Revokes the token on the server, clears it and goes to the login page. */
  signOut(): Promise<void>;
}

export interface SessionDeps {
  tokenStorage: TokenStorage;
  /** Absolute path the admin is mounted at ('/admin'). */
  basePath: string;
  /** The location now (path and query), read when the session expires. */
  currentLocation(): { pathname: string; search: string };
  goTo(path: string, state?: LoginRedirectState): void;
  /** Revokes the token on the server (POST /api/admin/logout). */
  revoke(): Promise<unknown>;
}

/** The admin session over the platform's token storage, with no React in it. */
export function createSession({ tokenStorage, basePath, currentLocation, goTo, revoke }: SessionDeps): Session {
  const loginPath = `${basePath}/login`;
  // Several calls in flight can meet the same expiry (the guard's check and a list's refetch): the
  // first sends the owner to login with the message, and the later ones, finding no token, must
  // not send them there again without it.
  let expiredHere = false;
  return {
    hasToken: () => Boolean(tokenStorage.get()),
    signIn: (token) => {
      expiredHere = false;
      tokenStorage.set(token);
    },
    expire() {
      const hadToken = Boolean(tokenStorage.get());
      if (!hadToken && expiredHere) return;
      expiredHere = hadToken;
      tokenStorage.clear();
      const { pathname, search } = currentLocation();
      // Already on the login page (a failed verify there): stay, do not stack a redirect.
      if (pathname === loginPath) return;
      const from = `${pathname}${search}`;
      goTo(loginPath, hadToken ? { from, message: UiMessages.sessionExpired } : { from });
    },
    async signOut() {
      try {
        await revoke();
      } catch {
        // The token is dropped locally whatever the server says; it expires on its own.
      }
      tokenStorage.clear();
      goTo(loginPath);
    },
  };
}
