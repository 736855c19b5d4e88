import { createContext, useContext } from 'react';

export interface LoginRedirectState {
  /** The admin path to return to after signing in. */
  from?: string;
  /** Shown as a warning on the login page ('登录已过期，请重新登录'). */
  message?: string;
}

export interface Session {
  hasToken(): boolean;
  signIn(token: string): void;
  /** Clears the token, remembers the current path and sends the owner to the login page. */
  expire(): void;
  /** Revokes the token on the server, clears it and goes to the login page. */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <AdminApp>');
  return session;
}
