import { useEffect, useState } from 'react';
import { HEADER_BLUR_THRESHOLD_PX, SCROLL_OFFSET_PX } from '@folio/shared';
import { NAV_ITEMS } from '../nav-items';
import type { SectionId } from '../nav-items';

/**
 * Whether the page is scrolled past the blur threshold, and which landing section is under
 * the top bar (the last one whose top has passed the bar), for highlighting its link.
 */
export function useScrollState(trackSections: boolean): { scrolled: boolean; active: SectionId | null } {
  const [scrolled, setScrolled] = useState(false);
  const [active, setActive] = useState<SectionId | null>(trackSections ? 'home' : null);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(window.scrollY > HEADER_BLUR_THRESHOLD_PX);
      if (!trackSections) return;
      // A little slack below the bar so a section counts as active once it reaches the bar.
      const line = -SCROLL_OFFSET_PX + 10;
      let current: SectionId = 'home';
      for (const item of NAV_ITEMS) {
        const element = document.getElementById(item.id);
        if (element && element.getBoundingClientRect().top <= line) current = item.id;
      }
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      setActive(atBottom ? 'articles' : current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [trackSections]);

  return { scrolled, active: trackSections ? active : null };
}
