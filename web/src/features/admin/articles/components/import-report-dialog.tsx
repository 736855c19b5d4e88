import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AdminUiMessages, ServerMessages } from '@folio/shared';
import type { MarkdownImportSummary } from '@folio/shared';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: `${tokens.spacingVerticalM} 0 0`,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  note: { color: tokens.colorNeutralForeground3 },
});

/** One line per uploaded Markdown file: imported (with warnings) or skipped (with the reason). */
export function ImportReportDialog({ report, onClose }: { report: MarkdownImportSummary | null; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open={report !== null} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{AdminUiMessages.importReportTitle}</DialogTitle>
          <DialogContent>
            {report && (
              <>
                <Text weight="semibold">{ServerMessages.importMdResult(report.imported_count, report.skipped_count)}</Text>
                <ul className={styles.list} aria-label={AdminUiMessages.importDetails}>
                  {report.results.map((result, index) => (
                    <li key={`${result.filename}-${index}`} className={styles.item} data-testid="import-result">
                      <div className={styles.head}>
                        <Badge color={result.status === 'imported' ? 'success' : 'danger'} appearance="tint">
                          {result.status === 'imported' ? AdminUiMessages.imported : AdminUiMessages.skipped}
                        </Badge>
                        <Text weight="semibold">{result.filename}</Text>
                        {result.title && <Text>{`→ ${result.title}`}</Text>}
                      </div>
                      {result.reason && <Text className={styles.note}>{result.reason}</Text>}
                      {result.warnings?.map((warning) => (
                        <Text key={warning} className={styles.note}>
                          {warning}
                        </Text>
                      ))}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {AdminUiMessages.gotIt}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
