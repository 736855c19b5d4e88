import { useEffect, useId } from 'react';
import {
  FluentProvider,
  makeStyles,
  Toast,
  ToastTitle,
  Toaster,
  tokens,
  useToastController,
  webDarkTheme,
  webLightTheme,
} from '@fluentui/react-components';
import type { ToastIntent } from '@fluentui/react-components';
import { useMediaQuery } from '../lib/use-media-query';

export interface NotifyRequest {
  id: number;
  message: string;
  intent: ToastIntent;
  timeout: number;
}

// Toasts are portalled to <body>, outside the page's text styles: without this, Latin text in a
// toast (a copied e-mail address) fell back to the browser's serif font.
const useToastStyles = makeStyles({
  toast: { fontFamily: tokens.fontFamilyBase },
});

/** Shows queued messages as Fluent toasts; loaded with the first message (see notify.tsx). */
export default function NotifyToaster({
  requests,
  onShown,
}: {
  requests: readonly NotifyRequest[];
  onShown: (ids: ReadonlySet<number>) => void;
}) {
  const styles = useToastStyles();
  const toasterId = useId();
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    if (requests.length === 0) return;
    for (const request of requests) {
      dispatchToast(
        <Toast className={styles.toast}>
          <ToastTitle>{request.message}</ToastTitle>
        </Toast>,
        { intent: request.intent, timeout: request.timeout, politeness: 'polite' },
      );
    }
    onShown(new Set(requests.map((request) => request.id)));
  }, [requests, dispatchToast, onShown, styles.toast]);
  // Its own theme: public pages have no FluentProvider, and their stylesheet declares only the
  // theme variables its own rules read (web/vite/public-theme-css.ts), not the toast's.
  const dark = useMediaQuery('(prefers-color-scheme: dark)');
  return (
    <FluentProvider theme={dark ? webDarkTheme : webLightTheme} style={{ display: 'contents' }}>
      <Toaster toasterId={toasterId} position="bottom" />
    </FluentProvider>
  );
}
