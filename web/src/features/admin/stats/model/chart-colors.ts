import { tokens } from '@fluentui/react-components';

/**
 * The charts' colours, all Fluent tokens, so the light and the dark theme each bring their own
 * and the lines keep their contrast on either background. The visitors line is also dashed, so
 * the two series differ by more than colour.
 */
export const CHART_COLORS = {
  views: tokens.colorBrandForeground1,
  visitors: tokens.colorPaletteDarkOrangeForeground1,
  axis: tokens.colorNeutralForeground2,
  grid: tokens.colorNeutralStroke2,
  tooltipBackground: tokens.colorNeutralBackground1,
  tooltipBorder: tokens.colorNeutralStroke1,
  tooltipText: tokens.colorNeutralForeground1,
} as const;

export const VISITORS_DASH = '6 3';
