import { createContext, lazy, Suspense, useCallback, useContext, useState } from 'react';
import type { ReactNode } from 'react';
import type { NotifyRequest } from './notify-toaster';

type Notify = (message: string, options?: Pick<Partial<NotifyRequest>, 'intent' | 'timeout'>) => void;

const NotifyContext = createContext<Notify>(() => undefined);

// Fluent's toaster (with its motion and focus-management code) is fetched with the first
// message: most visits never show one, and it is not needed before a page is usable.
const NotifyToaster = lazy(() => import('./notify-toaster'));

let nextRequestId = 0;

/** Snackbar-style messages ('已复制到剪贴板', …) for everything below it. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const [requests, setRequests] = useState<NotifyRequest[]>([]);
  const [toasterWanted, setToasterWanted] = useState(false);
  const notify = useCallback<Notify>((message, options = {}) => {
    nextRequestId += 1;
    const request: NotifyRequest = {
      id: nextRequestId,
      message,
      intent: options.intent ?? 'success',
      timeout: options.timeout ?? 2000,
    };
    setToasterWanted(true);
    setRequests((previous) => [...previous, request]);
  }, []);
  const onShown = useCallback((ids: ReadonlySet<number>) => {
    setRequests((previous) => previous.filter((request) => !ids.has(request.id)));
  }, []);
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <NotifyToaster requests={requests} onShown={onShown} />
        </Suspense>
      )}
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
