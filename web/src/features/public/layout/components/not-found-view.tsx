import { Link } from '../../routing/public-router';
import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { PublicUiMessages as M } from '@folio/shared';
import { usePageReady } from '../../../../lib/use-page-ready';

const useStyles = makeStyles({
  root: { maxWidth: '640px', margin: '0 auto', padding: '96px 20px', textAlign: 'center' },
  code: { margin: 0, fontSize: '72px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1, lineHeight: '1' },
  title: { margin: '16px 0 8px', fontSize: tokens.fontSizeBase600, fontWeight: tokens.fontWeightSemibold },
  text: { color: tokens.colorNeutralForeground2, marginBottom: '28px' },
  link: {
    display: 'inline-block',
    padding: '10px 20px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    textDecoration: 'none',
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** The 404 content: an unknown page, or a missing article with its own message. */
export function NotFoundView({ message }: { message?: string }) {
  const styles = useStyles();
  usePageReady();
  return (
    <div className={styles.root} data-testid="not-found">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{message ?? M.notFoundTitle}</h1>
      <p className={styles.text}>{M.notFoundText}</p>
      <Link className={styles.link} to="/">
        {M.backHome}
      </Link>
    </div>
  );
}
