import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo } from 'react';
import { Toast, Toaster, ToastTitle, useId, useToastController } from '@fluentui/react-components';
import { DesktopBridgeMessages, SNACKBAR_MS } from '@folio/shared';
import type { Notification } from '../web-admin';
import { folioBridge } from '../bridge/folio-bridge';

export type DesktopNotify = (notification: Notification) => void;

const DesktopNotifyContext = createContext<DesktopNotify | null>(null);

export function useDesktopNotify(): DesktopNotify {
  const notify = useContext(DesktopNotifyContext);
  if (!notify) throw new Error('useDesktopNotify must be used inside <DesktopNotifyProvider>');
  return notify;
}

/** Shorthand for the desktop screens: a message with the admin's article snackbar duration. */
export function useNotifyMessage(): (message: string, intent?: Notification['intent']) => void {
  const notify = useDesktopNotify();
  return useCallback((message, intent = 'success') => notify({ message, intent, durationMs: SNACKBAR_MS.articles }), [notify]);
}

/**
 * In-window toasts for everything, plus a native notification through the bridge, which main
 * shows only while the window is in the background (a long import finishing, a publish).
 */
export function DesktopNotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId('desktop-toaster');
  const { dispatchToast } = useToastController(toasterId);
  const notify = useCallback<DesktopNotify>(
    ({ message, intent, durationMs }) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent, timeout: durationMs, position: 'top' },
      );
      void folioBridge().app.notify({ title: DesktopBridgeMessages.appName, body: message });
    },
    [dispatchToast],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <DesktopNotifyContext.Provider value={value}>
      <Toaster toasterId={toasterId} position="top" />
      {children}
    </DesktopNotifyContext.Provider>
  );
}
