import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, makeStyles, mergeClasses, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { SignOutRegular } from '@fluentui/react-icons';
import { ADMIN_COMPACT_BREAKPOINT_PX, AdminUiMessages } from '@folio/shared';
import { useUndrawnDiagramDrawing } from '../../articles/hooks/use-undrawn-diagram-drawing';
import { useSession } from '../../auth/hooks/session';
import { CommentsTabLabel } from '../../comments/components/comments-tab-label';
import { CommentsUnreadButton } from '../../comments/components/comments-unread-button';
import { useAdminServices } from '../../hooks/admin-services';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { useConfirmLeave } from '../../hooks/use-unsaved-changes';
import { BackupFailureBar } from '../../backups/components/backup-failure-bar';
import { StorageHealthBar } from '../../storage/components/storage-health-bar';
import { ADMIN_TABS, tabForPath } from '../model/admin-tabs';

const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground2 },
  topBar: {
    position: 'sticky',
    top: 0,
    zIndex: 10,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  topActions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  body: { flex: 1, display: 'flex', minWidth: 0 },
  compactBody: { flexDirection: 'column' },
  nav: {
    flexShrink: 0,
    width: '168px',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  compactNav: {
    width: 'auto',
    padding: `0 ${tokens.spacingHorizontalS}`,
    overflowX: 'auto',
    borderRight: 'none',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  main: { flex: 1, minWidth: 0, padding: tokens.spacingHorizontalXXL, boxSizing: 'border-box' },
  compactMain: { padding: tokens.spacingHorizontalM },
});

/**
 * Top bar with logout and the vertical tabs; below 900 px the tabs become a scrolling row. The
 * comment activity (unread count, new-comment toasts) lives here, so it runs on every screen.
 */
export function AdminShell() {
  const styles = useStyles();
  const { basePath } = useAdminServices();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const confirmLeave = useConfirmLeave();
  const compact = useMediaQuery(`(max-width: ${ADMIN_COMPACT_BREAKPOINT_PX - 1}px)`);
  const selected = tabForPath(pathname, basePath);
  useUndrawnDiagramDrawing();

  const openTab = (tab: string) => {
    const path = `${basePath}/${tab}`;
    if (path !== pathname && confirmLeave()) navigate(path);
  };

  return (
    <div className={styles.root}>
      <header className={styles.topBar}>
        <Text as="h1" size={500} weight="semibold">
          {AdminUiMessages.adminTitle}
        </Text>
        <div className={styles.topActions}>
          {compact && <CommentsUnreadButton onOpen={() => openTab('comments')} />}
          <Button icon={<SignOutRegular />} onClick={() => confirmLeave() && void session.signOut()}>
            {AdminUiMessages.logout}
          </Button>
        </div>
      </header>
      <StorageHealthBar />
      <BackupFailureBar />
      <div className={mergeClasses(styles.body, compact && styles.compactBody)}>
        <nav className={mergeClasses(styles.nav, compact && styles.compactNav)} aria-label={AdminUiMessages.adminMenu}>
          <TabList
            vertical={!compact}
            size={compact ? 'small' : 'medium'}
            selectedValue={selected}
            onTabSelect={(_, data) => openTab(String(data.value))}
          >
            {ADMIN_TABS.map((tab) => (
              <Tab key={tab.path} value={tab.path}>
                {tab.path === 'comments' ? <CommentsTabLabel label={tab.label} /> : tab.label}
              </Tab>
            ))}
          </TabList>
        </nav>
        <main className={mergeClasses(styles.main, compact && styles.compactMain)}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
