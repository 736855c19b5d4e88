import { ChevronLeftRegular } from '@fluentui/react-icons/headless/svg/chevron-left';
import { ChevronRightRegular } from '@fluentui/react-icons/headless/svg/chevron-right';
import { PublicUiMessages as M } from '@folio/shared';
import { Button } from '../../../../components/ui/button';
import styles from './pagination-nav.module.css';

/** Pages 1..n with the current one marked; a long range is shortened around the current page. */
export function visiblePages(current: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const around = [current - 1, current, current + 1].filter((page) => page > 1 && page < pages);
  const result: (number | 'gap')[] = [1];
  if ((around[0] ?? pages) > 2) result.push('gap');
  result.push(...around);
  if ((around[around.length - 1] ?? 1) < pages - 1) result.push('gap');
  result.push(pages);
  return result;
}

export function PaginationNav({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.nav} aria-label={M.pagination}>
      <ul className={styles.list}>
        <li>
          <Button
            icon={<ChevronLeftRegular />}
            aria-label={M.previousPage}
            disabled={page <= 1}
            onClick={() => onChange(page - 1)}
          />
        </li>
        {visiblePages(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                appearance={item === page ? 'primary' : 'secondary'}
                aria-label={M.pageLabel(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => item !== page && onChange(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            icon={<ChevronRightRegular />}
            aria-label={M.nextPage}
            disabled={page >= pages}
            onClick={() => onChange(page + 1)}
          />
        </li>
      </ul>
    </nav>
  );
}
