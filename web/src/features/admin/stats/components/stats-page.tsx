import { lazy, Suspense, useMemo, useState } from 'react';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  mergeClasses,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ADMIN_COMPACT_BREAKPOINT_PX, StatsUiMessages as M } from '@folio/shared';
import type { StatsReport } from '@folio/shared';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useLiveVisitors } from '../hooks/use-live-visitors';
import { useStatsReport } from '../hooks/use-stats-report';
import { presetRange, STATS_DEFAULT_PRESET, utcToday } from '../model/stats-range';
import type { StatsRange } from '../model/stats-range';
import { rankingRows } from '../model/stats-rows';
import type { StatsRanking } from '../model/stats-rows';
import { ChartFigure } from './chart-figure';
import { StatsRangePicker } from './stats-range-picker';
import type { StatsSelection } from './stats-range-picker';
import { StatsTable } from './stats-table';
import { StatsTotals } from './stats-totals';

// recharts arrives with the first chart, after the screen itself is on screen.
const DailyChart = lazy(() => import('./stats-charts').then((module) => ({ default: module.DailyChart })));
const RankingChart = lazy(() => import('./stats-charts').then((module) => ({ default: module.RankingChart })));

/** Heights reserved for the charts, with or without data, so loading moves nothing. */
const DAILY_HEIGHT = { wide: 300, compact: 240 };
const RANKING_HEIGHT = 280;
/** Bars drawn per ranking; the table lists every row the server sent. */
const RANKING_CHART_ROWS = 8;

const useStyles = makeStyles({
  intro: { maxWidth: '760px', color: tokens.colorNeutralForeground2 },
  rangeRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  rangeShown: { color: tokens.colorNeutralForeground3 },
  busy: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  empty: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '760px' },
  emptyBody: { color: tokens.colorNeutralForeground2 },
  // Cards of one row share its height, so their edges line up when one has a hint.
  rankings: { alignItems: 'stretch' },
});

const RANKINGS: { ranking: StatsRanking; caption: string; column: string; hint?: string }[] = [
  { ranking: 'paths', caption: M.pathsCaption, column: M.columnPage },
  { ranking: 'referrers', caption: M.referrersCaption, column: M.columnReferrer, hint: M.referrersHint },
  { ranking: 'devices', caption: M.devicesCaption, column: M.columnDevice },
  { ranking: 'browsers', caption: M.browsersCaption, column: M.columnBrowser },
];

function choose(selection: StatsSelection): { selection: StatsSelection; range: StatsRange } {
  return { selection, range: selection.kind === 'preset' ? presetRange(selection.days, utcToday()) : selection.range };
}

/**
 * 数据统计 (server/API.md §E23): views and visitors per day over a range, the top pages,
 * referrers, devices and browsers, and the visitors now. The desktop app shows the same screen
 * inside its admin.
 */
export default function StatsPage() {
  const styles = useStyles();
  const page = usePageStyles();
  const compact = useMediaQuery(`(max-width: ${ADMIN_COMPACT_BREAKPOINT_PX - 1}px)`);
  // The range is fixed when chosen (today read again each time), so a screen left open past
  // midnight UTC moves on with the next choice and never refetches by itself.
  const [{ selection, range }, setChoice] = useState(() => choose({ kind: 'preset', days: STATS_DEFAULT_PRESET }));
  const today = utcToday();
  const { report, loading, error, reload } = useStatsReport(range);
  const visitorsNow = useLiveVisitors();
  const empty = report !== null && report.totals.views === 0;

  return (
    <div className={page.stack} data-testid="stats-page">
      <PageHeader title={M.title} />
      <Text as="p" className={mergeClasses(page.heading, styles.intro)}>
        {M.intro}
      </Text>
      <div className={styles.rangeRow}>
        <StatsRangePicker selection={selection} shown={range} today={today} onSelect={(next) => setChoice(choose(next))} />
        <div className={styles.busy} aria-live="polite">
          <Text size={200} className={styles.rangeShown} data-testid="stats-range-shown">
            {M.rangeShown(range.from, range.to)}
          </Text>
          {loading && <Spinner size="tiny" aria-label={M.title} />}
        </div>
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>
            {M.loadFailed}：{error}
          </MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={reload}>
              {M.retry}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <StatsTotals
        views={report?.totals.views}
        visitors={report?.totals.visitors}
        subscribers={report?.subscribers}
        visitorsNow={visitorsNow}
      />
      <ChartFigure
        caption={M.dailyCaption}
        height={compact ? DAILY_HEIGHT.compact : DAILY_HEIGHT.wide}
        testId="stats-daily"
        chart={
          report && (
            <Suspense fallback={null}>
              <DailyChart days={report.days} compact={compact} />
            </Suspense>
          )
        }
        table={
          <StatsTable
            caption={M.dailyCaption}
            labelColumn={M.columnDate}
            testId="stats-daily-table"
            rows={(report?.days ?? []).map((day) => ({
              key: day.date,
              label: day.date,
              views: day.views,
              visitors: day.visitors,
            }))}
          />
        }
      />
      {empty ? (
        <section className={mergeClasses(page.card, styles.empty)} data-testid="stats-empty">
          <Text as="h3" weight="semibold" size={400} className={page.heading}>
            {M.emptyTitle}
          </Text>
          <Text as="p" className={mergeClasses(page.heading, styles.emptyBody)}>
            {M.emptyBody}
          </Text>
        </section>
      ) : (
        <div className={mergeClasses(page.twoColumns, styles.rankings)}>
          {RANKINGS.map(({ ranking, caption, column, hint }) => (
            <RankingFigure
              key={ranking}
              report={report}
              ranking={ranking}
              caption={caption}
              column={column}
              hint={hint}
              compact={compact}
            />
          ))}
        </div>
      )}
    </div>
  );
}

function RankingFigure({
  report,
  ranking,
  caption,
  column,
  hint,
  compact,
}: {
  report: StatsReport | null;
  ranking: StatsRanking;
  caption: string;
  column: string;
  hint?: string;
  compact: boolean;
}) {
  const rows = useMemo(() => (report ? rankingRows(ranking, report[ranking]) : []), [report, ranking]);
  return (
    <ChartFigure
      caption={caption}
      hint={hint}
      height={RANKING_HEIGHT}
      testId={`stats-${ranking}`}
      chart={
        report && (
          <Suspense fallback={null}>
            <RankingChart rows={rows.slice(0, RANKING_CHART_ROWS)} compact={compact} />
          </Suspense>
        )
      }
      table={
        <StatsTable
          caption={caption}
          labelColumn={column}
          testId={`stats-${ranking}-table`}
          rows={rows.map((row) => ({ ...row, detail: ranking === 'paths' ? row.key : undefined }))}
        />
      }
    />
  );
}
