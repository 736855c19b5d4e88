import { createContext, useCallback, useContext, useId } from 'react';
import type { ReactNode } from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import type { ToastIntent } from '@fluentui/react-components';

type Notify = (message: string, options?: { intent?: ToastIntent; timeout?: number }) => void;

const NotifyContext = createContext<Notify>(() => undefined);

/** Snackbar-style messages ('已复制到剪贴板', …) for everything below it. */
export function NotifyProvider({ children }: { children: ReactNode }) {
  const toasterId = useId();
  const { dispatchToast } = useToastController(toasterId);
  const notify = useCallback<Notify>(
    (message, options = {}) => {
      dispatchToast(
        <Toast>
          <ToastTitle>{message}</ToastTitle>
        </Toast>,
        { intent: options.intent ?? 'success', timeout: options.timeout ?? 2000, politeness: 'polite' },
      );
    },
    [dispatchToast],
  );
  return (
    <NotifyContext.Provider value={notify}>
      {children}
      <Toaster toasterId={toasterId} position="bottom" />
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
