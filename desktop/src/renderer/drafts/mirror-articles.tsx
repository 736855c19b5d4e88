import { useState } from 'react';
import { Button, MessageBar, MessageBarBody, TableCell, TableRow, Text } from '@fluentui/react-components';
import { ArrowSyncRegular, EditRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import type { DraftSummary } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { useDesktopSession } from '../app/desktop-session';
import { MirrorFreshness } from '../connection/mirror-freshness';
import { EmptyState, formatDateTime, usePageStyles } from '../web-admin';
import { useOpenArticleDraft } from './open-article-draft';
import type { useMirror } from './use-drafts';
import { DesktopTable } from '../components/desktop-table';
import { useTableStyles } from '../components/table.styles';

/**
 * The articles kept on this machine: readable and editable with or without the server. It says
 * how fresh the copy is; an article whose body is not stored says so (and opens only online)
 * instead of failing when clicked.
 */
export function MirrorArticles({ drafts, mirrored }: { drafts: DraftSummary[]; mirrored: ReturnType<typeof useMirror> }) {
  const page = usePageStyles();
  const table = useTableStyles();
  const { open, openError } = useOpenArticleDraft(drafts);
  const notify = useNotifyMessage();
  const { mirror, error, refresh } = mirrored;
  const { online } = useDesktopSession();
  const [refreshing, setRefreshing] = useState(false);

  return (
    <section className={`${page.card} ${page.stack}`} aria-labelledby="mirror-title">
      <div className={table.sectionHeader}>
        <div className={table.headingStack}>
          <Text as="h3" size={500} weight="semibold" id="mirror-title" className={page.heading}>
            {M.mirrorTitle}
          </Text>
          <Text size={200} className={page.muted}>
            {M.mirrorIntro}
          </Text>
          {mirror && <MirrorFreshness status={mirror.status} />}
        </div>
        <Button
          icon={<ArrowSyncRegular />}
          // Stays enabled offline: it is also how the owner asks "is the server back?" right now.
          disabled={refreshing}
          onClick={async () => {
            setRefreshing(true);
            if (await refresh()) notify(M.mirrorRefreshed);
            setRefreshing(false);
          }}
        >
          {M.refreshMirror}
        </Button>
      </div>
      {(error || openError) && (
        <MessageBar intent="error">
          <MessageBarBody>{openError || error}</MessageBarBody>
        </MessageBar>
      )}
      {mirror && mirror.articles.length === 0 && <EmptyState text={M.mirrorEmpty} />}
      {mirror && mirror.articles.length > 0 && (
        <DesktopTable
          label={M.mirrorTitle}
          columns={[
            { key: 'title', header: M.columnTitle },
            { key: 'category', header: M.columnCategory, className: table.narrow },
            { key: 'updated', header: M.columnUpdated, className: table.time },
            { key: 'actions', className: table.actions },
          ]}
        >
          {mirror.articles.map((article) => (
            <TableRow key={article.id} data-testid="mirror-article">
              <TableCell className={table.ellipsis} title={article.title}>
                {article.title || M.untitled}
                {!article.hasBody && (
                  <Text size={200} className={page.muted} data-testid="body-not-mirrored">
                    {` · ${M.bodyNotMirrored}`}
                  </Text>
                )}
              </TableCell>
              <TableCell className={table.narrow}>{article.category}</TableCell>
              <TableCell className={table.time}>{formatDateTime(article.updated_at)}</TableCell>
              <TableCell className={table.actions}>
                <Button
                  size="small"
                  icon={<EditRegular />}
                  disabled={!article.hasBody && !online}
                  onClick={() => void open(article.id)}
                >
                  {M.editOffline}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </DesktopTable>
      )}
    </section>
  );
}
