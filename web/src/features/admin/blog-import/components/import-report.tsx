import type { ReactNode } from 'react';
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { BlogImportUiMessages as M } from '@folio/shared';
import type { BlogImportReport } from '@folio/shared';
import { usePageStyles } from '../../components/page.styles';
import { capList } from '../model/import-job';

/** Long lists (thousands of redirects) show this many rows and say how many more there are. */
export const REPORT_LIST_LIMIT = 200;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  table: { maxWidth: '520px' },
  number: { fontVariantNumeric: 'tabular-nums' },
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  plainList: {
    margin: 0,
    padding: 0,
    listStyleType: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  flat: { margin: 0 },
  // An item's second line (the examples, the reason) under its first, whatever each one's display.
  entry: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  stats: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXXL}`, margin: 0 },
  stat: { display: 'flex', flexDirection: 'column', margin: 0 },
  statValue: {
    margin: 0,
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const styles = useStyles();
  const page = usePageStyles();
  return (
    <section className={mergeClasses(page.card, styles.section)} aria-label={title} data-testid={testId}>
      <Text as="h3" size={400} weight="semibold" className={page.heading}>
        {title}
      </Text>
      {children}
    </section>
  );
}

function MoreNote({ hidden }: { hidden: number }) {
  const styles = useStyles();
  return hidden > 0 ? <Text className={styles.muted}>{M.andMore(hidden)}</Text> : null;
}

/** What a finished import did (server/API.md §E21): counts, what was skipped and why, images, redirects, warnings. */
export function ImportReport({ report }: { report: BlogImportReport }) {
  const styles = useStyles();
  const failedImages = capList(report.images_failed, REPORT_LIST_LIMIT);
  const redirects = capList(report.redirects, REPORT_LIST_LIMIT);
  const rows = [
    { kind: M.countArticles, imported: report.articles_imported, present: String(report.articles_already_present) },
    { kind: M.countPages, imported: report.pages_imported, present: M.countNotApplicable },
    { kind: M.countComments, imported: report.comments_imported, present: String(report.comments_already_present) },
  ];
  return (
    <>
      <Section title={M.countsTitle} testId="import-report-counts">
        <Table size="small" className={styles.table} aria-label={M.countsTitle}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{M.countKind}</TableHeaderCell>
              <TableHeaderCell>{M.countImported}</TableHeaderCell>
              <TableHeaderCell>{M.countPresent}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.kind}>
                <TableCell>{row.kind}</TableCell>
                <TableCell className={styles.number}>{row.imported}</TableCell>
                <TableCell className={styles.number}>{row.present}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>

      <Section title={M.skippedTitle} testId="import-report-skipped">
        {report.skipped.length === 0 ? (
          <Text className={styles.muted}>{M.skippedNone}</Text>
        ) : (
          <ul className={styles.list}>
            {report.skipped.map((skip, index) => (
              <li key={index} className={styles.entry}>
                <Text>{M.skippedReason(skip.reason, skip.count)}</Text>
                {skip.examples.length > 0 && (
                  <Text as="p" size={200} className={mergeClasses(styles.muted, styles.code, styles.flat)}>
                    {M.skippedExamples(skip.examples.join('、'))}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={M.imagesTitle} testId="import-report-images">
        <dl className={styles.stats}>
          {[
            [M.imagesFetched, report.images_fetched],
            [M.imagesFromArchive, report.images_from_archive],
            [M.imagesFailed, report.images_failed.length],
          ].map(([label, value]) => (
            <div key={label} className={styles.stat}>
              <dt>
                <Text size={200} className={styles.muted}>
                  {label}
                </Text>
              </dt>
              <dd className={styles.statValue}>{value}</dd>
            </div>
          ))}
        </dl>
        {report.images_failed.length > 0 && (
          <Accordion collapsible>
            <AccordionItem value="failed">
              <AccordionHeader>{M.imagesFailedList(report.images_failed.length)}</AccordionHeader>
              <AccordionPanel>
                <ul className={styles.plainList} data-testid="import-failed-images">
                  {failedImages.shown.map((image, index) => (
                    <li key={index} className={styles.entry}>
                      <Text className={styles.code}>{image.url}</Text>
                      <Text as="p" size={200} className={mergeClasses(styles.muted, styles.flat)}>
                        {image.reason}
                      </Text>
                    </li>
                  ))}
                </ul>
                <MoreNote hidden={failedImages.hidden} />
              </AccordionPanel>
            </AccordionItem>
          </Accordion>
        )}
      </Section>

      <Section title={M.redirectsTitle} testId="import-report-redirects">
        <Text>{report.redirects.length > 0 ? M.redirectsMade(report.redirects.length) : M.redirectsNone}</Text>
        {report.redirects.length > 0 && (
          <Accordion collapsible>
            <AccordionItem value="redirects">
              <AccordionHeader>{M.redirectsList(report.redirects.length)}</AccordionHeader>
              <AccordionPanel>
                <ul className={styles.plainList} data-testid="import-redirects">
                  {redirects.shown.map((redirect, index) => (
                    <li key={index} className={styles.code}>
                      {redirect.from} {M.redirectArrow} {redirect.to}
                    </li>
                  ))}
                </ul>
                <MoreNote hidden={redirects.hidden} />
              </AccordionPanel>
            </AccordionItem>
          </Accordion>
        )}
      </Section>

      {report.warnings.length > 0 && (
        <Section title={M.warningsTitle} testId="import-report-warnings">
          <ul className={styles.list}>
            {report.warnings.map((warning, index) => (
              <li key={index}>
                <Text>{warning}</Text>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  );
}
