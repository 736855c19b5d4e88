import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';

/**
 * The height, in CSS pixels, that lets the editor panes inside `wrapper` reach the window's
 * bottom (less `bottomGap`), whatever sits above them: the bars, the title, the unfolded fields or
 * a banner. Measured after every render and on every resize.
 */
export function useFillHeight(wrapper: RefObject<HTMLElement | null>, bottomGap: number, minimum = 200): string {
  const [height, setHeight] = useState(minimum);
  useLayoutEffect(() => {
    const measure = () => {
      const element = wrapper.current;
      if (!element) return;
      // The panes' own top, below the preview's toolbar.
      const panes = element.querySelector('[data-markdown-panes]') ?? element;
      const next = Math.max(minimum, Math.floor(window.innerHeight - panes.getBoundingClientRect().top - bottomGap));
      setHeight((current) => (current === next ? current : next));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  });
  return `${height}px`;
}
