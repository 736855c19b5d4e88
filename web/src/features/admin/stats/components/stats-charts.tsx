import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { StatsDay } from '@folio/shared';
import { StatsUiMessages as M } from '@folio/shared';
import { formatCount } from '../model/stats-rows';
import type { StatsRow } from '../model/stats-rows';
import { shortDay } from '../model/stats-range';
import { CHART_COLORS, VISITORS_DASH } from '../model/chart-colors';

/**
 * The drawings of 数据统计, the only module that imports recharts: the screen loads it on its own,
 * so neither the public pages nor the rest of the admin carry the library.
 */

const AXIS_TICK = { fill: CHART_COLORS.axis, fontSize: 12 };
const TOOLTIP_STYLE = {
  backgroundColor: CHART_COLORS.tooltipBackground,
  border: `1px solid ${CHART_COLORS.tooltipBorder}`,
  color: CHART_COLORS.tooltipText,
  borderRadius: 4,
};
const LEGEND_STYLE = { color: CHART_COLORS.axis, fontSize: 12 };

const countTick = (value: number) => formatCount(value);
const tooltipValue = (value: unknown) => (typeof value === 'number' ? formatCount(value) : String(value));

/** Views and visitors per day, two areas; fewer date ticks on a narrow screen. */
export function DailyChart({ days, compact }: { days: readonly StatsDay[]; compact: boolean }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={[...days]} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
        <XAxis
          dataKey="date"
          tickFormatter={shortDay}
          tick={AXIS_TICK}
          stroke={CHART_COLORS.grid}
          interval="preserveStartEnd"
          minTickGap={compact ? 28 : 16}
        />
        <YAxis
          allowDecimals={false}
          tick={AXIS_TICK}
          stroke={CHART_COLORS.grid}
          width={compact ? 36 : 48}
          tickFormatter={countTick}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          labelStyle={{ color: CHART_COLORS.tooltipText }}
          formatter={tooltipValue}
          labelFormatter={(label) => String(label)}
        />
        <Legend wrapperStyle={LEGEND_STYLE} />
        <Area
          type="monotone"
          dataKey="views"
          name={M.totalViews}
          stroke={CHART_COLORS.views}
          fill={CHART_COLORS.views}
          fillOpacity={0.15}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Area
          type="monotone"
          dataKey="visitors"
          name={M.totalVisitors}
          stroke={CHART_COLORS.visitors}
          fill={CHART_COLORS.visitors}
          fillOpacity={0.1}
          strokeWidth={2}
          strokeDasharray={VISITORS_DASH}
          isAnimationActive={false}
        />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** The longest label on a ranking's axis; the table beside it has the whole name. */
const LABEL_CHARS = { compact: 8, wide: 16 };

function shortLabel(label: string, max: number): string {
  return label.length > max ? `${label.slice(0, max - 1)}…` : label;
}

/** A ranking as horizontal bars (views and visitors), the first rows only. */
export function RankingChart({ rows, compact }: { rows: readonly StatsRow[]; compact: boolean }) {
  const max = compact ? LABEL_CHARS.compact : LABEL_CHARS.wide;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={[...rows]}
        layout="vertical"
        margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
        barCategoryGap="20%"
        accessibilityLayer={false}
      >
        <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} stroke={CHART_COLORS.grid} tickFormatter={countTick} />
        <YAxis
          type="category"
          dataKey="label"
          tick={AXIS_TICK}
          stroke={CHART_COLORS.grid}
          width={compact ? 96 : 160}
          interval={0}
          tickFormatter={(label: string) => shortLabel(label, max)}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          labelStyle={{ color: CHART_COLORS.tooltipText }}
          formatter={tooltipValue}
          cursor={{ fill: CHART_COLORS.grid, fillOpacity: 0.4 }}
        />
        <Legend wrapperStyle={LEGEND_STYLE} />
        <Bar dataKey="views" name={M.totalViews} fill={CHART_COLORS.views} maxBarSize={14} isAnimationActive={false} />
        <Bar dataKey="visitors" name={M.totalVisitors} fill={CHART_COLORS.visitors} maxBarSize={14} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
