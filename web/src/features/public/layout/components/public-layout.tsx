import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from '../../routing/public-router';
import { makeStyles } from '@fluentui/react-components';
import { tokens } from '../../../../lib/theme-tokens';
import { PublicUiMessages as M, stripTags } from '@folio/shared';
import { NotifyProvider } from '../../../../components/notify';
import { useSnapshotHolder } from '../../../../lib/page-snapshot';
import { SiteBlocksProvider, useSiteBlocks } from '../hooks/site-blocks-context';
import { TopBar } from './top-bar';

const useStyles = makeStyles({
  page: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground1 },
  main: { flexGrow: 1, paddingTop: '64px' },
  footer: {
    padding: '28px 20px',
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  skip: {
    position: 'absolute',
    left: '-9999px',
    top: '8px',
    zIndex: 200,
    padding: '8px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    ':focus': { left: '8px' },
  },
});

function Frame({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const { home } = useSiteBlocks();
  const siteName = home.title || M.siteNameFallback;
  return (
    <div className={styles.page}>
      <a href="#main-content" className={styles.skip}>
        {M.skipToContent}
      </a>
      <TopBar siteName={stripTags(siteName)} />
      <main id="main-content" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        © {new Date().getUTCFullYear()} {home.author || stripTags(siteName)} · Powered by Folio ·{' '}
        <a href="/rss.xml" style={{ color: 'inherit' }}>
          RSS
        </a>
      </footer>
    </div>
  );
}

/** Shell of every public page: top bar, main area, footer, snackbars and the site blocks. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const holder = useSnapshotHolder();
  const location = useLocation();
  const firstKey = useRef(location.key);
  // After the first client-side navigation the server snapshot is stale: screens fetch instead.
  useEffect(() => {
    if (location.key !== firstKey.current) holder.consumed = true;
  }, [location.key, holder]);
  return (
    <NotifyProvider>
      <SiteBlocksProvider>
        <Frame>{children}</Frame>
      </SiteBlocksProvider>
    </NotifyProvider>
  );
}
