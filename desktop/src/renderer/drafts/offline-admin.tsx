import { useNavigate } from 'react-router-dom';
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { DraftsRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import { DesktopPage } from '../components/desktop-page';
import { usePageStyles } from '../web-admin';
import { MirrorArticles } from './mirror-articles';
import { useDrafts, useMirror } from './use-drafts';

/**
 * What the 管理后台 section shows while the server is unreachable: never an error page, but the
 * mirrored articles, still open for editing, and the way to the drafts.
 */
export function OfflineAdmin() {
  const page = usePageStyles();
  const navigate = useNavigate();
  const { drafts } = useDrafts();
  const mirrored = useMirror();
  return (
    <DesktopPage title={M.navAdmin}>
      <div className={page.stack}>
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{M.offlineAdminTitle}</MessageBarTitle>
            {M.offlineAdminBody}
          </MessageBarBody>
          <MessageBarActions>
            <Button icon={<DraftsRegular />} onClick={() => navigate('/drafts')}>
              {M.navDrafts}
            </Button>
          </MessageBarActions>
        </MessageBar>
        <MirrorArticles drafts={drafts ?? []} mirrored={mirrored} />
      </div>
    </DesktopPage>
  );
}
