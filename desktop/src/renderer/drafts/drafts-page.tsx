import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M, UiMessages } from '@folio/shared';
import { useDesktopSession } from '../app/desktop-session';
import { DesktopPage } from '../components/desktop-page';
import { usePageStyles } from '../web-admin';
import { DraftList } from './draft-list';
import { MirrorArticles } from './mirror-articles';
import { ServerDrafts } from './server-drafts';
import { useDrafts, useMirror } from './use-drafts';

/** 草稿箱: local drafts with their state, and the mirrored articles to start a draft from. */
export default function DraftsPage() {
  const page = usePageStyles();
  const navigate = useNavigate();
  const { online } = useDesktopSession();
  const { drafts, error, reload } = useDrafts();
  const mirrored = useMirror();
  const { refresh } = mirrored;
  // Online, the server's list is fetched on every visit, so drafts written elsewhere show up.
  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);
  return (
    <DesktopPage
      title={M.draftsTitle}
      actions={
        <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/drafts/new')}>
          {M.newDraft}
        </Button>
      }
    >
      <div className={page.stack}>
        <Text className={page.muted}>{M.draftsIntro}</Text>
        {!online && (
          <MessageBar intent="warning">
            <MessageBarBody>{M.offlineHint}</MessageBarBody>
          </MessageBar>
        )}
        {error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        <section className={`${page.card} ${page.stack}`} aria-label={M.draftsTitle}>
          {drafts ? <DraftList drafts={drafts} onChanged={() => void reload()} /> : <Spinner label={UiMessages.loading} />}
        </section>
        {drafts && <ServerDrafts articles={mirrored.mirror?.articles ?? []} drafts={drafts} />}
        <MirrorArticles drafts={drafts ?? []} mirrored={mirrored} />
      </div>
    </DesktopPage>
  );
}
