import { useCallback, useEffect, useState } from 'react';
import type { MirrorStatus } from '../../channels';
import { call, folioBridge } from '../bridge/folio-bridge';

/** The active server's mirror status, kept current by main's `mirror` events. */
export function useMirrorStatus(): {
  status: MirrorStatus | null;
  setLimit: (limitMb: number) => Promise<MirrorStatus>;
} {
  const [status, setStatus] = useState<MirrorStatus | null>(null);
  useEffect(() => {
    const bridge = folioBridge();
    void bridge.mirror.status().then((reply) => reply.ok && setStatus(reply.data));
    return bridge.on('mirror', setStatus);
  }, []);
  const setLimit = useCallback(async (limitMb: number) => {
    const next = await call(folioBridge().mirror.setLimit({ limitMb }));
    setStatus(next);
    return next;
  }, []);
  return { status, setLimit };
}
