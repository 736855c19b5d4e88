import { useEffect, useRef } from 'react';
import type { UploadLimits } from '@folio/shared';
import { useAdminApi } from '../../hooks/admin-services';
import { getUploadLimits } from '../api/articles.api';
import { DEFAULT_UPLOAD_LIMITS } from '../model/image-fit';

/**
 * The server's image limits (server/API.md §E14), read once when the form opens; the defaults
 * until it answers, or when it cannot (an older server checks the same defaults). A ref, read
 * when a file arrives, so the uploaders built from it need not be made again.
 */
export function useUploadLimits(): { readonly current: UploadLimits } {
  const api = useAdminApi();
  const limits = useRef<UploadLimits>(DEFAULT_UPLOAD_LIMITS);
  useEffect(() => {
    let cancelled = false;
    getUploadLimits(api)
      .then(({ data }) => {
        if (!cancelled) limits.current = data;
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api]);
  return limits;
}
