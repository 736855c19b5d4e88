import type { ComponentType, ReactNode } from 'react';
import { categoryPath, tagPath } from '@folio/shared';
import { Badge } from '../ui/badge';
import styles from './article-sheet.module.css';

/** The class of an article's column on the public page (docs/spec.md §2.3), for a preview in site style. */
export const articleSheetClass = styles.sheet;

export interface ArticleHeadingProps {
  title: string;
  category: string;
  tags: readonly string[];
  /**
   * The public page's link (its router's), which makes each chip open its tag's or category's page
   * (server/API.md §E16); without it, as in the admin's preview, the chips are plain.
   */
  ChipLink?: ComponentType<{ to: string; className?: string; children: ReactNode }>;
}

/** An article's title and its category and tag chips, as the public article page shows them. */
export function ArticleHeading({ title, category, tags, ChipLink }: ArticleHeadingProps) {
  const linked = (to: string, chip: ReactNode) =>
    ChipLink ? (
      <ChipLink key={to} to={to} className={styles.chipLink}>
        {chip}
      </ChipLink>
    ) : (
      chip
    );
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {(category || tags.length > 0) && (
        <div className={styles.chips}>
          {category &&
            linked(
              categoryPath(category),
              <Badge key={category} look="filled" size="large" data-testid="article-chip">
                {category}
              </Badge>,
            )}
          {tags.map((tag) =>
            linked(
              tagPath(tag),
              <Badge key={tag} look="outline" size="large" data-testid="article-chip">
                {tag}
              </Badge>,
            ),
          )}
        </div>
      )}
    </>
  );
}

/** An article's summary box, as the public article page shows it (nothing when empty). */
export function ArticleSummary({ summary }: { summary: string }) {
  return summary ? <p className={styles.summary}>{summary}</p> : null;
}
