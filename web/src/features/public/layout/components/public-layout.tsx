import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from '../../routing/public-router';
import { PublicUiMessages as M, stripTags } from '@folio/shared';
import { NotifyProvider } from '../../../../components/notify';
import { useSnapshotHolder } from '../../../../lib/page-snapshot';
import { SiteBlocksProvider, useSiteBlocks } from '../hooks/site-blocks-context';
import { TopBar } from './top-bar';
import styles from './public-layout.module.css';

function Frame({ children }: { children: ReactNode }) {
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
