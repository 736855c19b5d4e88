import { useEffect, useId } from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import type { ToastIntent } from '@fluentui/react-components';

export interface NotifyRequest {
  id: number;
  message: string;
  intent: ToastIntent;
  timeout: number;
}

/** Shows queued messages as Fluent toasts; loaded with the first message (see notify.tsx). */
export default function NotifyToaster({
  requests,
  onShown,
}: {
  requests: readonly NotifyRequest[];
  onShown: (ids: ReadonlySet<number>) => void;
}) {
  const toasterId = useId();
  const { dispatchToast } = useToastController(toasterId);
  useEffect(() => {
    if (requests.length === 0) return;
    for (const request of requests) {
      dispatchToast(
        <Toast>
          <ToastTitle>{request.message}</ToastTitle>
        </Toast>,
        { intent: request.intent, timeout: request.timeout, politeness: 'polite' },
      );
    }
    onShown(new Set(requests.map((request) => request.id)));
  }, [requests, dispatchToast, onShown]);
  return <Toaster toasterId={toasterId} position="bottom" />;
}
