import { useEffect, useState } from 'react';
import { DismissRegular } from '@fluentui/react-icons/headless/svg/dismiss';
import { SearchRegular } from '@fluentui/react-icons/headless/svg/search';
import { PublicUiMessages as M } from '@folio/shared';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import { TextInput } from '../../../../components/ui/text-input';
import type { ArticleFilters } from '../model/filters';
import { hasFilters } from '../model/filters';
import styles from './article-filters.module.css';

const SEARCH_DEBOUNCE_MS = 300;

export interface ArticleFiltersProps {
  filters: ArticleFilters;
  categories: string[];
  tags: Record<string, number>;
  onChange: (patch: Partial<ArticleFilters>) => void;
  onClear: () => void;
}

/** Search box, category filter, tag filter with counts and the clear-filters button (docs/spec.md §2.2). */
export function ArticleFiltersBar({ filters, categories, tags, onChange, onClear }: ArticleFiltersProps) {
  const [search, setSearch] = useState(filters.search);

  // Typing is debounced so every keystroke does not start a request.
  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => onChange({ search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters.search, onChange]);
  useEffect(() => setSearch(filters.search), [filters.search]);

  return (
    <div className={styles.root} role="search">
      <div className={styles.row}>
        <TextInput
          className={styles.search}
          contentBefore={<SearchRegular aria-hidden="true" />}
          placeholder={M.searchArticles}
          aria-label={M.searchArticles}
          value={search}
          type="search"
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onChange({ search });
          }}
        />
        <Select
          className={styles.category}
          aria-label={M.categoryLabel}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value })}
        >
          <option value="">{M.allCategories}</option>
          {categories.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
        <Button icon={<DismissRegular />} onClick={onClear} disabled={!hasFilters(filters)}>
          {M.clearFilters}
        </Button>
      </div>
      {Object.keys(tags).length > 0 && (
        <div className={styles.tags} role="group" aria-label={M.tagsLabel}>
          <span className={styles.tagsLabel} aria-hidden="true">
            {M.tagsLabel}
          </span>
          {Object.entries(tags).map(([tag, count]) => {
            const active = filters.tag === tag;
            return (
              <Button
                key={tag}
                size="small"
                shape="circular"
                appearance={active ? 'primary' : 'outline'}
                aria-pressed={active}
                data-testid="tag-filter"
                onClick={() => onChange({ tag: active ? '' : tag })}
              >
                {tag}
                <span className={styles.count}>({count})</span>
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );
}
