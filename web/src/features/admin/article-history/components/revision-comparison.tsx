import { Badge, Button, Spinner, Text } from '@fluentui/react-components';
import { ArrowUndoRegular } from '@fluentui/react-icons';
import { AdminUiMessages as M, pickArticleFields, UiMessages } from '@folio/shared';
import type { AdminArticleDetail, ArticleFieldName, ArticleFields, ArticleRevisionListItem } from '@folio/shared';
import { formatDateTime } from '../../../../lib/format';
import { SideBySideDiff } from '../../components/side-by-side-diff';
import type { SideBySideDiffLabels } from '../../components/side-by-side-diff';
import { comparableText, differingFields, FIELD_LABELS, revisionSourceLabel } from '../model/revision-history';
import { useHistoryStyles } from './article-history.styles';

export interface RevisionComparisonProps {
  entry: ArticleRevisionListItem;
  /** The version's fields; undefined while they load. */
  fields: ArticleFields | undefined;
  current: AdminArticleDetail;
  restoring: boolean;
  onRestore: () => void;
}

/** One kept version against the current article: a side-by-side diff of each field that differs. */
export function RevisionComparison({ entry, fields, current, restoring, onRestore }: RevisionComparisonProps) {
  const styles = useHistoryStyles();
  const currentFields = pickArticleFields(current);
  const changed = fields ? differingFields(fields, currentFields) : [];
  return (
    <section className={styles.comparison} aria-label={M.revisionDiffOf(entry.revision)} data-testid="revision-comparison">
      <div className={styles.comparisonHead}>
        <div className={styles.single}>
          <Text as="h3" size={400} weight="semibold" className={styles.heading}>
            {M.revisionDiffOf(entry.revision)}
          </Text>
          <span className={styles.entryHead}>
            <Badge appearance="tint" color="informative" size="small">
              {revisionSourceLabel(entry.source)}
            </Badge>
            <Text size={200} className={styles.muted}>
              {formatDateTime(entry.saved_at)}
            </Text>
          </span>
        </div>
        <Button
          appearance="primary"
          icon={<ArrowUndoRegular />}
          disabled={restoring || fields === undefined || changed.length === 0}
          onClick={onRestore}
        >
          {restoring ? M.restoring : M.restoreRevision}
        </Button>
      </div>
      {fields === undefined ? (
        <Spinner size="small" label={UiMessages.loading} />
      ) : changed.length === 0 ? (
        <Text className={styles.muted}>{M.revisionSameAsCurrent}</Text>
      ) : (
        changed.map((field, index) => (
          <FieldDiff
            key={field}
            field={field}
            revision={entry.revision}
            version={fields}
            current={currentFields}
            legend={index === 0}
          />
        ))
      )}
    </section>
  );
}

interface FieldDiffProps {
  field: ArticleFieldName;
  revision: number;
  version: ArticleFields;
  current: ArticleFields;
  legend: boolean;
}

function FieldDiff({ field, revision, version, current, legend }: FieldDiffProps) {
  const styles = useHistoryStyles();
  const labels: SideBySideDiffLabels = {
    region: `${FIELD_LABELS[field]}：${M.revisionDiffOf(revision)}`,
    left: M.revisionNumber(revision),
    right: M.currentVersion,
    onlyLeft: M.onlyInRevision,
    onlyRight: M.onlyInCurrent,
  };
  return (
    <div className={styles.field} data-field={field}>
      <Text as="h4" weight="semibold" className={styles.heading}>
        {FIELD_LABELS[field]}
      </Text>
      <SideBySideDiff
        left={comparableText(field, version)}
        right={comparableText(field, current)}
        labels={labels}
        legend={legend}
      />
    </div>
  );
}
