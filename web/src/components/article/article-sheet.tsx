import { Badge } from '../ui/badge';
import styles from './article-sheet.module.css';

/** The class of an article's column on the public page (docs/spec.md §2.3), for a preview in site style. */
export const articleSheetClass = styles.sheet;

export interface ArticleHeadingProps {
  title: string;
  category: string;
  tags: readonly string[];
}

/** An article's title and its category and tag chips, as the public article page shows them. */
export function ArticleHeading({ title, category, tags }: ArticleHeadingProps) {
  return (
    <>
      <h1 className={styles.title}>{title}</h1>
      {(category || tags.length > 0) && (
        <div className={styles.chips}>
          {category && (
            <Badge look="filled" size="large" data-testid="article-chip">
              {category}
            </Badge>
          )}
          {tags.map((tag) => (
            <Badge key={tag} look="outline" size="large" data-testid="article-chip">
              {tag}
            </Badge>
          ))}
        </div>
      )}
    </>
  );
}

/** An article's summary box, as the public article page shows it (nothing when empty). */
export function ArticleSummary({ summary }: { summary: string }) {
  return summary ? <p className={styles.summary}>{summary}</p> : null;
}
