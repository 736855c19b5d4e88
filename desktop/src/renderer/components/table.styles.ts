import { makeStyles, tokens } from '@fluentui/react-components';

/** Column widths shared by the desktop's tables, so Chinese headers never wrap mid-word. */
export const useTableStyles = makeStyles({
  table: { tableLayout: 'fixed', width: '100%' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  narrow: { width: '120px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  state: { width: '96px' },
  time: { width: '170px', whiteSpace: 'nowrap' },
  actions: { width: '180px', textAlign: 'right', whiteSpace: 'nowrap' },
  sectionHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  headingStack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  errorText: { color: tokens.colorPaletteRedForeground1 },
});
