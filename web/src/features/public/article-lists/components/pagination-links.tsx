import type { ReactNode } from 'react';
import { ChevronLeftRegular } from '@fluentui/react-icons/headless/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/headless/svg/chevron-right';
import { clsx } from 'clsx';
import { PublicUiMessages as M } from '@folio/shared';
import { Link } from '../../routing/public-router';
import { visiblePages } from '../../articles/components/pagination-nav';
import styles from './pagination-links.module.css';

export interface PaginationLinksProps {
  page: number;
  pages: number;
  /** The address of a page of the list. */
  hrefOf: (page: number) => string;
}

/**
 * A list page's pagination as links, so crawlers and visitors without JavaScript reach every page
 * (the landing page's list pages with buttons instead, in place).
 */
export function PaginationLinks({ page, pages, hrefOf }: PaginationLinksProps) {
  if (pages <= 1) return null;
  const step = (to: number, label: string, icon: ReactNode, rel: 'prev' | 'next') =>
    to >= 1 && to <= pages ? (
      <Link className={clsx(styles.link, styles.icon)} to={hrefOf(to)} aria-label={label} rel={rel}>
        {icon}
      </Link>
    ) : (
      <span className={clsx(styles.link, styles.icon, styles.disabled)} aria-hidden="true">
        {icon}
      </span>
    );
  return (
    <nav className={styles.nav} aria-label={M.pagination}>
      <ul className={styles.list}>
        <li>{step(page - 1, M.previousPage, <ChevronLeftRegular />, 'prev')}</li>
        {visiblePages(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                className={clsx(styles.link, item === page && styles.current)}
                to={hrefOf(item)}
                aria-label={M.pageLabel(item)}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>{step(page + 1, M.nextPage, <ChevronRightRegular />, 'next')}</li>
      </ul>
    </nav>
  );
}
