import { useEffect, useState } from 'react';
import type { ArticlePreview } from '@folio/shared';
import { useSnapshot } from '../../../../lib/page-snapshot';
import type { ArticleState } from '../../article/hooks/use-article';
import { fetchPreview } from '../api/preview.api';

export interface PreviewState extends ArticleState {
  /** When the link stops working; null until the preview is there (or when it is not). */
  expiresAt: string | null;
}

/**
 * The preview a link shows: the server-rendered page's data, else read by the token (after the
 * browser navigated away and back). Never the public article API, which has no unpublished
 * article, and no realtime events, which never name one. Any failure shows the page as missing.
 */
export function usePreview(token: string): PreviewState {
  const initial = useSnapshot('preview');
  const [preview, setPreview] = useState<ArticlePreview | null | undefined>(initial);

  useEffect(() => {
    if (preview !== undefined) return;
    const controller = new AbortController();
    fetchPreview(token, controller.signal).then(
      (answer) => setPreview(answer),
      () => !controller.signal.aborted && setPreview(null),
    );
    return () => controller.abort();
    // Loaded once per token: the page's data is the link's, not something that changes under it.
  }, [token, preview]);

  return {
    article: preview?.article ?? null,
    loading: preview === undefined,
    demo: false,
    notFound: preview === null,
    expiresAt: preview?.expires_at ?? null,
  };
}
