import { useState } from 'react';
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Tag, TagGroup, Text, tokens } from '@fluentui/react-components';
import { CheckmarkRegular, SparkleRegular } from '@fluentui/react-icons';
import { AdminUiMessages, PublicUiMessages, ServerMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AiAnalysis, ArticleFields } from '@folio/shared';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { analyzeArticle } from '../api/articles.api';
import { aiErrorMessage } from '../model/ai-errors';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { color: tokens.colorNeutralForeground3, minWidth: '4em' },
});

export interface AiPanelProps {
  fields: ArticleFields;
  onApply: (patch: Partial<ArticleFields>) => void;
}

/** Asks the server for a category, tags and summary; the owner decides whether to apply them. */
export function AiPanel({ fields, onApply }: AiPanelProps) {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ analysis: AiAnalysis; msg: string } | null>(null);

  const analyze = async () => {
    if (!fields.title.trim() || !fields.content.trim()) {
      notify(UiMessages.aiNeedsTitleAndContent, 'warning', SNACKBAR_MS.articles);
      return;
    }
    setRunning(true);
    try {
      const response = await analyzeArticle(api, { title: fields.title, content: fields.content, summary: fields.summary });
      setResult({ analysis: response.data, msg: response.msg });
      notify(UiMessages.aiDone, 'success', SNACKBAR_MS.articles);
    } catch (error) {
      notify(aiErrorMessage(error), 'error', SNACKBAR_MS.articles);
    } finally {
      setRunning(false);
    }
  };

  const apply = () => {
    if (!result) return;
    const { category, tags, suggested_summary: summary } = result.analysis;
    onApply({ category, tags: tags.join(','), ...(summary ? { summary } : {}) });
    notify(UiMessages.aiApplied, 'success', SNACKBAR_MS.articles);
  };

  return (
    <section className={styles.panel} aria-label={AdminUiMessages.aiAnalysis}>
      <div className={styles.row}>
        <Button icon={running ? <Spinner size="tiny" /> : <SparkleRegular />} onClick={() => void analyze()} disabled={running}>
          {running ? AdminUiMessages.aiAnalyzing : AdminUiMessages.aiAnalysis}
        </Button>
        <Text size={200} className={styles.label}>
          {AdminUiMessages.aiHint}
        </Text>
      </div>
      {result && (
        <>
          {result.analysis.source === 'builtin' && (
            <MessageBar intent="info">
              <MessageBarBody>{result.msg === ServerMessages.aiDone ? AdminUiMessages.aiBuiltIn : result.msg}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.row}>
            <Text className={styles.label}>{PublicUiMessages.categoryLabel}</Text>
            <Text data-testid="ai-category">{result.analysis.category || '—'}</Text>
          </div>
          <div className={styles.row}>
            <Text className={styles.label}>{PublicUiMessages.tagsLabel}</Text>
            <TagGroup aria-label={AdminUiMessages.aiSuggestedTags} data-testid="ai-tags">
              {result.analysis.tags.map((tag) => (
                <Tag key={tag} size="small" appearance="brand">
                  {tag}
                </Tag>
              ))}
            </TagGroup>
          </div>
          {result.analysis.suggested_summary && (
            <div className={styles.row}>
              <Text className={styles.label}>{AdminUiMessages.summaryLabel}</Text>
              <Text data-testid="ai-summary">{result.analysis.suggested_summary}</Text>
            </div>
          )}
          <div>
            <Button appearance="primary" icon={<CheckmarkRegular />} onClick={apply}>
              {AdminUiMessages.aiApply}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
