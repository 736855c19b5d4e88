import { useEffect, useRef, useState } from 'react';

/** The element id of a comment: mails link to `#comment-<id>` on the article page. */
export const commentAnchor = (id: number) => `comment-${id}`;

const targetOfHash = (hash: string): number | null => {
  const match = /^#comment-(\d+)$/.exec(hash);
  return match ? Number(match[1]) : null;
};

/**
 * The comment the address points at (`#comment-<id>`), highlighted once the page has hydrated
 * and scrolled into view as soon as it is shown: at once when it is among the server-rendered
 * threads, else after the threads further on are loaded (a reply in an older thread).
 */
export function useCommentAnchor(options: {
  shown: readonly number[];
  moreToLoad: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}) {
  const { shown, moreToLoad, loadingMore, loadMore } = options;
  const [target, setTarget] = useState<number | null>(null);
  const scrolledTo = useRef<number | null>(null);

  useEffect(() => {
    const follow = () => setTarget(targetOfHash(window.location.hash));
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  const present = target !== null && shown.includes(target);
  useEffect(() => {
    if (target === null || scrolledTo.current === target) return;
    if (present) {
      scrolledTo.current = target;
      document.getElementById(commentAnchor(target))?.scrollIntoView({ block: 'start' });
    } else if (moreToLoad && !loadingMore) {
      loadMore();
    }
  }, [target, present, moreToLoad, loadingMore, loadMore]);
  return target;
}
