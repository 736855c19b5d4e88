import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { AdminUiMessages as T } from '@folio/shared';
import type { SaveState } from '../hooks/use-autosave';
import { formatSaveTime } from '../model/article-status';

const useStyles = makeStyles({
  text: {
    display: 'block',
    minHeight: tokens.lineHeightBase200,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground3,
    fontVariantNumeric: 'tabular-nums',
  },
  warning: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

function describe(state: SaveState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return T.saveStateSaving;
    case 'browser':
      return T.saveStateBrowserOnly;
    case 'server':
      return T.saveStateServer(formatSaveTime(state.savedAt));
    case 'offline':
      return state.browserCopyKept ? T.saveStateOffline : T.saveStateLocalOnly;
    case 'refused':
      return T.saveStateRefused(state.reason);
  }
}

/** The quiet line saying where the unsaved work is: on the server, only in this browser, or on its way. */
export function SaveStateText({ state, className }: { state: SaveState; className?: string }) {
  const styles = useStyles();
  const warn = state.kind === 'offline' || state.kind === 'refused';
  const text = describe(state);
  return (
    <Text
      size={200}
      className={mergeClasses(styles.text, warn && styles.warning, className)}
      data-testid="save-state"
      title={text}
    >
      {text}
    </Text>
  );
}
