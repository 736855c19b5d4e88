import { Button, MessageBar, MessageBarBody, TableCell, TableRow, Text } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import type { DraftSummary, MirrorEntry } from '../../channels';
import { DesktopTable } from '../components/desktop-table';
import { useTableStyles } from '../components/table.styles';
import { formatDateTime, usePageStyles } from '../web-admin';
import { useOpenArticleDraft } from './open-article-draft';

/**
 * The server's drafts (written in the browser or on another desktop) that have no draft on this
 * machine yet; opening one starts a local draft of it. Hidden when there are none.
 */
export function ServerDrafts({ articles, drafts }: { articles: MirrorEntry[]; drafts: DraftSummary[] }) {
  const page = usePageStyles();
  const table = useTableStyles();
  const { open, openError } = useOpenArticleDraft(drafts);
  const notHere = articles.filter(
    (article) => article.status === 'draft' && !drafts.some((draft) => draft.articleId === article.id),
  );
  if (notHere.length === 0) return null;

  return (
    <section className={`${page.card} ${page.stack}`} aria-labelledby="server-drafts-title">
      <div className={table.headingStack}>
        <Text as="h3" size={500} weight="semibold" id="server-drafts-title" className={page.heading}>
          {M.serverDraftsTitle}
        </Text>
        <Text size={200} className={page.muted}>
          {M.serverDraftsIntro}
        </Text>
      </div>
      {openError && (
        <MessageBar intent="error">
          <MessageBarBody>{openError}</MessageBarBody>
        </MessageBar>
      )}
      <DesktopTable
        label={M.serverDraftsTitle}
        columns={[
          { key: 'title', header: M.columnTitle },
          { key: 'updated', header: M.columnUpdated, className: table.time },
          { key: 'actions', className: table.actions },
        ]}
      >
        {notHere.map((article) => (
          <TableRow key={article.id} data-testid="server-draft">
            <TableCell className={table.ellipsis} title={article.title}>
              {article.title || M.untitled}
            </TableCell>
            <TableCell className={table.time}>{formatDateTime(article.updated_at)}</TableCell>
            <TableCell className={table.actions}>
              <Button size="small" icon={<EditRegular />} onClick={() => void open(article.id)}>
                {M.editOffline}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </DesktopTable>
    </section>
  );
}
