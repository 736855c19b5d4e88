import { useCallback, useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular, DeleteRegular, LinkRegular } from '@fluentui/react-icons';
import { PreviewLinkMessages as PM, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { ArticleStatus, CreatedPreviewLink, PreviewLink } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import type { ApiClient } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { copyText } from '../../../../lib/share';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { useAdminServices } from '../../hooks/admin-services';
import type { Notify } from '../../hooks/admin-services';
import { useAdminPlatform } from '../../platform';
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from '../api/preview-links.api';

const useStyles = makeStyles({
  surface: { maxWidth: '560px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground3 },
  fresh: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  copyRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  url: { flex: 1, minWidth: 0 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  rowText: { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface PreviewLinksButtonProps {
  /** The article in the editor; null for one not saved yet, which has nothing to preview. */
  articleId: number | null;
  status: ArticleStatus | undefined;
  /** The signed-in client the links are made, read and revoked with. */
  api: ApiClient;
  notify: Notify;
  /**
   * The server's origin: the server answers a link as a path, and a host whose pages are not on
   * the server's origin (the desktop app) must still show the reader's whole address.
   */
  serverUrl: string;
  /** Why the button cannot be used now (the desktop offline); shown as its tooltip. */
  unavailableReason?: string;
}

/**
 * 预览链接 in an editor's bar (server/API.md §E17): opens the article's preview links, where the
 * owner makes one to hand on (shown once, with 复制 and its expiry) and revokes those that work.
 * Needs no admin context, so the desktop's own draft editor shows it too.
 */
export function PreviewLinksButton({ articleId, status, api, notify, serverUrl, unavailableReason }: PreviewLinksButtonProps) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const narrow = useMediaQuery('(max-width: 599px)');
  if (articleId === null) return null;
  const unavailable = unavailableReason !== undefined;
  return (
    <>
      <Button
        appearance="subtle"
        icon={<LinkRegular />}
        aria-label={PM.button}
        // Focusable while disabled, so its tooltip still says why.
        disabledFocusable={unavailable}
        title={unavailableReason}
        onClick={() => setOpen(true)}
        data-testid="preview-links-button"
      >
        {narrow ? null : PM.button}
      </Button>
      <Dialog open={open && !unavailable} onOpenChange={(_, data) => setOpen(data.open)}>
        <DialogSurface className={styles.surface}>
          {/* Mounted only while open: each opening reads the links as they are now. */}
          {open && !unavailable && (
            <PreviewLinksPanel
              articleId={articleId}
              status={status}
              api={api}
              notify={notify}
              serverUrl={serverUrl}
              onClose={() => setOpen(false)}
            />
          )}
        </DialogSurface>
      </Dialog>
    </>
  );
}

/** The admin editors' 预览链接, with the client and origin of the admin they are in. */
export function AdminPreviewLinksButton(props: Pick<PreviewLinksButtonProps, 'articleId' | 'status'>) {
  const { api, notify } = useAdminServices();
  const platform = useAdminPlatform();
  return <PreviewLinksButton {...props} api={api} notify={notify} serverUrl={platform.apiBaseUrl || window.location.origin} />;
}

interface PreviewLinksPanelProps extends Pick<PreviewLinksButtonProps, 'status' | 'api' | 'notify' | 'serverUrl'> {
  articleId: number;
  onClose: () => void;
}

function PreviewLinksPanel({ articleId, status, api, notify, serverUrl, onClose }: PreviewLinksPanelProps) {
  const styles = useStyles();
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [fresh, setFresh] = useState<CreatedPreviewLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const published = status === 'published';

  const fail = useCallback(
    (prefix: string, error: unknown) =>
      notify(`${prefix}: ${errorMessage(error, UiMessages.networkError)}`, 'error', SNACKBAR_MS.articles),
    [notify],
  );

  useEffect(() => {
    const controller = new AbortController();
    listPreviewLinks(api, articleId, controller.signal).then(
      (answer) => setLinks(answer),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLinks([]);
        fail(PM.loadFailed, error);
      },
    );
    return () => controller.abort();
  }, [api, articleId, fail]);

  const absolute = (url: string) => new URL(url, serverUrl).href;

  const create = async () => {
    setBusy(true);
    try {
      const link = await createPreviewLink(api, articleId);
      setFresh(link);
      setCopied(false);
      setLinks((current) => [...(current ?? []), link]);
    } catch (error) {
      fail(PM.create, error);
    } finally {
      setBusy(false);
    }
  };

  const copy = async (url: string) => {
    try {
      await copyText(url);
      setCopied(true);
    } catch {
      notify(PM.copyFailed, 'error', SNACKBAR_MS.articles);
    }
  };

  const revoke = async (link: PreviewLink) => {
    setBusy(true);
    try {
      await revokePreviewLink(api, articleId, link.id);
      setLinks((current) => (current ?? []).filter((item) => item.id !== link.id));
      if (fresh?.id === link.id) setFresh(null);
      notify(PM.revoked, 'success', SNACKBAR_MS.articles);
    } catch (error) {
      fail(PM.revoke, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogBody data-testid="preview-links-panel">
      <DialogTitle>{PM.panelTitle}</DialogTitle>
      <DialogContent className={styles.content}>
        <Text className={styles.hint}>{published ? PM.publishedHint : PM.panelHint}</Text>
        {fresh && (
          <div className={styles.fresh} data-testid="preview-link-fresh">
            <Text weight="semibold">{PM.newLink}</Text>
            <div className={styles.copyRow}>
              <Input
                className={styles.url}
                readOnly
                value={absolute(fresh.url)}
                aria-label={PM.newLink}
                data-testid="preview-link-url"
                onFocus={(event) => event.target.select()}
              />
              <Button icon={<CopyRegular />} onClick={() => void copy(absolute(fresh.url))}>
                {copied ? PM.copied : PM.copy}
              </Button>
            </div>
            <Text size={200} className={styles.muted}>
              {PM.expiresAt(formatDateTime(fresh.expires_at))}
            </Text>
          </div>
        )}
        {!published && (
          <>
            <Text weight="semibold">{PM.existing}</Text>
            {links === null ? (
              <Spinner size="tiny" />
            ) : links.length === 0 ? (
              <Text className={styles.muted}>{PM.none}</Text>
            ) : (
              <ul className={styles.list}>
                {links.map((link) => (
                  <li key={link.id} className={styles.row} data-testid="preview-link-row">
                    <span className={styles.rowText}>
                      <Text>{PM.expiresAt(formatDateTime(link.expires_at))}</Text>
                      <Text size={200} className={styles.muted}>
                        {PM.createdAt(formatDateTime(link.created_at))}
                      </Text>
                    </span>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={PM.revokeLabel(formatDateTime(link.expires_at))}
                      disabled={busy}
                      onClick={() => void revoke(link)}
                    >
                      {PM.revoke}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{PM.close}</Button>
        {!published && (
          <Button appearance="primary" icon={<LinkRegular />} disabled={busy} onClick={() => void create()}>
            {busy ? PM.creating : PM.create}
          </Button>
        )}
      </DialogActions>
    </DialogBody>
  );
}
