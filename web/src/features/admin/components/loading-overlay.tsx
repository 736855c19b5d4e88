import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { UiMessages } from '@folio/shared';

const useStyles = makeStyles({
  overlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  box: {
    padding: tokens.spacingHorizontalXXL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/** The full-screen '加载中...' overlay of the articles screen. */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  const styles = useStyles();
  if (!visible) return null;
  return (
    <div className={styles.overlay} role="status" aria-live="polite">
      <div className={styles.box}>
        <Spinner label={UiMessages.loading} />
      </div>
    </div>
  );
}
