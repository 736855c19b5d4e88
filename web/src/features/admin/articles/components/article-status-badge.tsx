import { Badge, makeStyles, mergeClasses } from '@fluentui/react-components';
import type { BadgeProps } from '@fluentui/react-components';
import type { ArticleStatus } from '@folio/shared';
import { statusLabel } from '../model/article-status';

// One line always: a schedule's date and time must not wrap inside the badge's fixed height.
const useStyles = makeStyles({ badge: { whiteSpace: 'nowrap', flexShrink: 0 } });

const colors: Record<ArticleStatus, BadgeProps['color']> = {
  draft: 'warning',
  scheduled: 'brand',
  published: 'success',
};

export interface ArticleStatusBadgeProps {
  status: ArticleStatus;
  publishAt: string | null;
  className?: string;
}

/** 草稿 / 定时 HH:mm / 已发布, in the table and the editor alike. */
export function ArticleStatusBadge({ status, publishAt, className }: ArticleStatusBadgeProps) {
  const styles = useStyles();
  return (
    <Badge
      className={mergeClasses(styles.badge, className)}
      appearance="tint"
      shape="rounded"
      color={colors[status]}
      data-testid="article-status"
    >
      {statusLabel(status, publishAt)}
    </Badge>
  );
}
