import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CounterBadge, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowImportRegular, BoardRegular, CommentRegular, DraftsRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import { AdminCommentMessages as C, DesktopUiMessages as M, DesktopSyncMessages as S } from '@folio/shared';
import { ConnectivityIndicator } from '../components/connectivity-indicator';
import { useWaitingDraftCount } from '../drafts/use-drafts';
import { useWindowDrop } from '../import/use-window-drop';
import { useDesktopSession } from './desktop-session';
import { useUnreadComments } from './use-unread-comments';

const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    minHeight: '44px',
    padding: `0 ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { whiteSpace: 'nowrap' },
  tabs: { flex: 1, minWidth: 0, overflowX: 'auto' },
  tabLabel: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  server: {
    maxWidth: '240px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: tokens.colorNeutralForeground3,
  },
  content: { flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 },
  dropOverlay: {
    position: 'fixed',
    inset: 0,
    zIndex: 1000,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    pointerEvents: 'none',
    backgroundColor: tokens.colorBackgroundOverlay,
  },
  dropCard: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    border: `2px dashed ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

const SECTIONS = [
  { path: '/admin', label: M.navAdmin, icon: <BoardRegular /> },
  { path: '/admin/comments', label: M.navComments, icon: <CommentRegular /> },
  { path: '/drafts', label: M.navDrafts, icon: <DraftsRegular /> },
  { path: '/import', label: M.navImport, icon: <ArrowImportRegular /> },
  { path: '/connection', label: M.navConnection, icon: <PlugConnectedRegular /> },
] as const;

/** The section a screen belongs to: the longest path that holds it (评论 inside 管理后台). */
function sectionFor(pathname: string): string {
  const holding = SECTIONS.filter((section) => pathname === section.path || pathname.startsWith(`${section.path}/`));
  return (
    holding.reduce<string | null>((best, section) => (best && best.length >= section.path.length ? best : section.path), null) ??
    '/admin'
  );
}

/** The desktop's own bar above every screen: its sections and the always-visible connection state. */
export function DesktopFrame({ children }: { children: ReactNode }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { status, online } = useDesktopSession();
  const serverUrl = status?.profile?.serverUrl ?? null;
  const waiting = useWaitingDraftCount(status?.signedIn ? (status.profile?.id ?? null) : null);
  const unread = useUnreadComments(status?.signedIn === true);
  const dragging = useWindowDrop();
  return (
    <div className={styles.root}>
      <header className={styles.bar}>
        <Text weight="semibold" className={styles.name}>
          {M.appName}
        </Text>
        <nav className={styles.tabs} aria-label={M.desktopNavigation}>
          <TabList size="small" selectedValue={sectionFor(pathname)} onTabSelect={(_, data) => navigate(String(data.value))}>
            {SECTIONS.map((section) => (
              <Tab key={section.path} value={section.path} icon={section.icon}>
                {section.path === '/admin/comments' && unread > 0 ? (
                  <span className={styles.tabLabel}>
                    {section.label}
                    <CounterBadge
                      count={unread}
                      overflowCount={99}
                      size="small"
                      aria-label={C.unreadBadge(unread)}
                      title={C.unreadBadge(unread)}
                      data-testid="desktop-comments-unread"
                    />
                  </span>
                ) : section.path === '/drafts' && waiting > 0 ? (
                  <span className={styles.tabLabel}>
                    {section.label}
                    <CounterBadge
                      count={waiting}
                      size="small"
                      color="danger"
                      aria-label={S.draftsWaiting(waiting)}
                      title={S.draftsWaiting(waiting)}
                      data-testid="drafts-waiting"
                    />
                  </span>
                ) : (
                  section.label
                )}
              </Tab>
            ))}
          </TabList>
        </nav>
        {serverUrl && (
          <Text size={200} className={styles.server} title={serverUrl}>
            {status?.profile?.name ?? serverUrl}
          </Text>
        )}
        <ConnectivityIndicator online={online} serverUrl={serverUrl} />
      </header>
      <div className={styles.content}>{children}</div>
      {dragging && (
        <div className={styles.dropOverlay} aria-hidden>
          <Text size={500} weight="semibold" className={styles.dropCard}>
            {M.dropHere}
          </Text>
        </div>
      )}
    </div>
  );
}
