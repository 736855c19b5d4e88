import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  Button,
  Caption1,
  Checkbox,
  Link,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { AdminArticleListItem } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { useAdminServices } from '../../hooks/admin-services';
import { platformFileUrl, useAdminPlatform } from '../../platform';
import { DEFAULT_COVER } from '../model/default-cover';
import { AdminUiMessages, PublicUiMessages } from '@folio/shared';
import { ArticleStatusBadge } from './article-status-badge';

const useStyles = makeStyles({
  scroll: {
    overflowX: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  table: { minWidth: '1040px' },
  check: { width: '44px' },
  title: { width: '18%' },
  summary: {
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    color: tokens.colorNeutralForeground2,
  },
  thumb: { width: '64px', height: '36px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, display: 'block' },
  time: { width: '96px' },
  status: { width: '128px' },
  statusCell: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  unsaved: { color: tokens.colorNeutralForeground3 },
  tags: { wordBreak: 'break-word' },
  actions: { width: '96px' },
});

export interface ArticleTableProps {
  articles: AdminArticleListItem[];
  selected: ReadonlySet<number>;
  onSelectedChange: (selected: Set<number>) => void;
  onEdit: (id: number) => void;
  onDelete: (article: AdminArticleListItem) => void;
}

export function ArticleTable({ articles, selected, onSelectedChange, onEdit, onDelete }: ArticleTableProps) {
  const styles = useStyles();
  const platform = useAdminPlatform();
  const { basePath } = useAdminServices();
  const navigate = useNavigate();
  const editorPath = (id: number) => `${basePath}/articles/${id}/edit`;
  /** A plain click stays in the app; with a modifier the browser opens a new tab or window. */
  const openInEditor = (event: MouseEvent, id: number) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(editorPath(id));
  };
  const selectedOnPage = articles.filter((article) => selected.has(article.id)).length;
  const allState = selectedOnPage === 0 ? false : selectedOnPage === articles.length ? true : 'mixed';

  const toggleAll = () => {
    const next = new Set(selected);
    for (const article of articles) {
      if (allState === true) next.delete(article.id);
      else next.add(article.id);
    }
    onSelectedChange(next);
  };

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };

  return (
    <div className={styles.scroll}>
      <Table className={styles.table} aria-label={AdminUiMessages.articleList} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.check}>
              <Checkbox
                checked={allState}
                onChange={toggleAll}
                aria-label={AdminUiMessages.selectAll}
                disabled={articles.length === 0}
              />
            </TableHeaderCell>
            <TableHeaderCell className={styles.title}>{AdminUiMessages.titleLabel}</TableHeaderCell>
            <TableHeaderCell className={styles.status}>{AdminUiMessages.statusLabel}</TableHeaderCell>
            <TableHeaderCell>{PublicUiMessages.categoryLabel}</TableHeaderCell>
            <TableHeaderCell>{PublicUiMessages.tagsLabel}</TableHeaderCell>
            <TableHeaderCell>{AdminUiMessages.summaryLabel}</TableHeaderCell>
            <TableHeaderCell>{AdminUiMessages.coverLabel}</TableHeaderCell>
            <TableHeaderCell className={styles.time}>{AdminUiMessages.createdAt}</TableHeaderCell>
            <TableHeaderCell className={styles.time}>{AdminUiMessages.updatedAt}</TableHeaderCell>
            <TableHeaderCell className={styles.actions}>{AdminUiMessages.actionsLabel}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {articles.map((article) => (
            <TableRow key={article.id} data-testid="article-row">
              <TableCell>
                <Checkbox
                  checked={selected.has(article.id)}
                  onChange={() => toggle(article.id)}
                  aria-label={AdminUiMessages.selectItem(article.title)}
                />
              </TableCell>
              <TableCell>
                {/* The title opens the full-page editor, where drafts, schedules and autosave live. */}
                <Link href={editorPath(article.id)} onClick={(event) => openInEditor(event, article.id)}>
                  <Text weight="semibold">{article.title}</Text>
                </Link>
              </TableCell>
              <TableCell>
                <div className={styles.statusCell}>
                  <ArticleStatusBadge status={article.status ?? 'published'} publishAt={article.publish_at ?? null} />
                  {article.has_autosave ? <Caption1 className={styles.unsaved}>{AdminUiMessages.hasAutosave}</Caption1> : null}
                </div>
              </TableCell>
              <TableCell>{article.category}</TableCell>
              <TableCell className={styles.tags}>{article.tags.split(',').join(', ')}</TableCell>
              <TableCell>
                <span className={styles.summary}>{article.summary}</span>
              </TableCell>
              <TableCell>
                <img
                  className={styles.thumb}
                  src={article.cover ? platformFileUrl(platform, article.cover) : DEFAULT_COVER}
                  alt={PublicUiMessages.defaultCoverAlt(article.title)}
                  loading="lazy"
                  onError={(event) => {
                    if (event.currentTarget.src !== DEFAULT_COVER) event.currentTarget.src = DEFAULT_COVER;
                  }}
                />
              </TableCell>
              <TableCell className={styles.time}>{formatDateTime(article.created_at)}</TableCell>
              <TableCell className={styles.time}>{formatDateTime(article.updated_at)}</TableCell>
              <TableCell>
                <Tooltip content={AdminUiMessages.editItem(article.title)} relationship="label">
                  <Button appearance="subtle" icon={<EditRegular />} onClick={() => onEdit(article.id)} />
                </Tooltip>
                <Tooltip content={AdminUiMessages.deleteItem(article.title)} relationship="label">
                  <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => onDelete(article)} />
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
