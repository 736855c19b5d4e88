import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { SessionStatus } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';

export interface DesktopSession {
  /** null until the first session.status answer. */
  status: SessionStatus | null;
  online: boolean;
  /** The latest status, readable synchronously (the admin's token check asks at render time). */
  statusRef: { readonly current: SessionStatus | null };
  /** Applies a status answered by a bridge call (signIn, activate, signOut...). */
  applyStatus(status: SessionStatus): void;
  refresh(): Promise<void>;
  /** Called when a request found the server unreachable, before main's next probe says so. */
  markOffline(): void;
}

const DesktopSessionContext = createContext<DesktopSession | null>(null);

export function useDesktopSession(): DesktopSession {
  const session = useContext(DesktopSessionContext);
  if (!session) throw new Error('useDesktopSession must be used inside <DesktopSessionProvider>');
  return session;
}

/** Holds what main says about the session and the connection, kept current by main's events. */
export function DesktopSessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus | null>(null);
  const [online, setOnline] = useState(true);
  const statusRef = useRef<SessionStatus | null>(null);

  const applyStatus = useCallback((next: SessionStatus) => {
    statusRef.current = next;
    setStatus(next);
    setOnline(next.online);
  }, []);

  const refresh = useCallback(async () => {
    applyStatus(await call(folioBridge().session.status()));
  }, [applyStatus]);

  const markOffline = useCallback(() => setOnline(false), []);

  useEffect(() => {
    const bridge = folioBridge();
    void refresh();
    const stopSession = bridge.on('session', applyStatus);
    const stopConnectivity = bridge.on('connectivity', (event) => {
      setOnline(event.online);
      if (statusRef.current) statusRef.current = { ...statusRef.current, online: event.online };
    });
    return () => {
      stopSession();
      stopConnectivity();
    };
  }, [refresh, applyStatus]);

  const value = useMemo<DesktopSession>(
    () => ({ status, online, statusRef, applyStatus, refresh, markOffline }),
    [status, online, applyStatus, refresh, markOffline],
  );
  return <DesktopSessionContext.Provider value={value}>{children}</DesktopSessionContext.Provider>;
}
