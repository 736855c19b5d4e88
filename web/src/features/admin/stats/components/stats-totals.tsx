import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { StatsUiMessages as M } from '@folio/shared';
import { usePageStyles } from '../../components/page.styles';
import { formatCount } from '../model/stats-rows';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
  },
  tile: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, margin: 0 },
  label: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  value: {
    margin: 0,
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
  live: { color: tokens.colorBrandForeground1 },
  hint: { color: tokens.colorNeutralForeground3, margin: 0 },
});

const shown = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatCount(value));

/** 浏览量, 访客 and 订阅者 over the range, and 正在浏览 now (a dash until known). */
export function StatsTotals({
  views,
  visitors,
  subscribers,
  visitorsNow,
}: {
  views: number | undefined;
  visitors: number | undefined;
  subscribers: number | undefined;
  visitorsNow: number | null;
}) {
  const styles = useStyles();
  const page = usePageStyles();
  const tiles = [
    { id: 'views', label: M.totalViews, value: views },
    { id: 'visitors', label: M.totalVisitors, value: visitors },
    { id: 'subscribers', label: M.totalSubscribers, value: subscribers },
  ];
  return (
    <dl className={styles.grid} aria-label={M.totalsLabel}>
      {tiles.map((tile) => (
        <div key={tile.id} className={mergeClasses(page.card, styles.tile)}>
          <dt className={styles.label}>{tile.label}</dt>
          <dd className={styles.value} data-testid={`stats-total-${tile.id}`}>
            {shown(tile.value)}
          </dd>
        </div>
      ))}
      <div className={mergeClasses(page.card, styles.tile)}>
        <dt className={styles.label}>{M.visitorsNow}</dt>
        <dd className={mergeClasses(styles.value, styles.live)} data-testid="stats-visitors-now" aria-live="polite">
          {shown(visitorsNow)}
        </dd>
        <dd className={styles.hint}>
          <Text size={200}>{M.visitorsNowHint}</Text>
        </dd>
      </div>
    </dl>
  );
}
