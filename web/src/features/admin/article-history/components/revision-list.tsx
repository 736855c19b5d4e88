import { Badge, mergeClasses, Text } from '@fluentui/react-components';
import { AdminUiMessages as M } from '@folio/shared';
import type { AdminArticleDetail, ArticleFields, ArticleRevisionListItem } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { describeRevisionChange, revisionSourceLabel } from '../model/revision-history';
import { useHistoryStyles } from './article-history.styles';

export interface RevisionListProps {
  current: AdminArticleDetail;
  entries: ArticleRevisionListItem[];
  versions: ReadonlyMap<number, ArticleFields>;
  selected: number | null;
  onSelect: (revision: number) => void;
}

/** The kept versions, newest first, each saying when, from where and what it changed. */
export function RevisionList({ current, entries, versions, selected, onSelect }: RevisionListProps) {
  const styles = useHistoryStyles();
  const withFields = entries.map((entry) => ({ entry, fields: versions.get(entry.revision) }));
  return (
    <div className={styles.listPane}>
      <Text size={200} className={styles.current}>
        {M.historyCurrent(current.revision, formatDateTime(current.updated_at))}
      </Text>
      {entries.length === 0 ? (
        <Text className={styles.muted}>{M.historyEmpty}</Text>
      ) : (
        <ol className={styles.list} aria-label={M.history}>
          {withFields.map((version, index) => {
            const { entry } = version;
            const changes = describeRevisionChange(version, withFields[index + 1]);
            return (
              <li key={entry.revision}>
                <button
                  type="button"
                  className={mergeClasses(styles.entry, selected === entry.revision && styles.entrySelected)}
                  aria-current={selected === entry.revision ? 'true' : undefined}
                  data-testid="revision-entry"
                  data-revision={entry.revision}
                  data-source={entry.source}
                  onClick={() => onSelect(entry.revision)}
                >
                  <span className={styles.entryHead}>
                    <Text weight="semibold">{M.revisionNumber(entry.revision)}</Text>
                    <Badge appearance="tint" color="informative" size="small">
                      {revisionSourceLabel(entry.source)}
                    </Badge>
                    <Text size={200} className={styles.muted}>
                      <time dateTime={entry.saved_at}>{formatDateTime(entry.saved_at)}</time>
                    </Text>
                  </span>
                  <Text className={styles.entryTitle}>{entry.title}</Text>
                  <Text size={200} className={styles.muted}>
                    {[...changes, M.revisionLength(entry.body_length)].join(' · ')}
                  </Text>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
