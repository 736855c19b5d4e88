import { useEffect, useState } from 'react';
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddressMessages as M, slugProblem, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminArticleDetail } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import type { ApiClient } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import type { Notify } from '../../hooks/admin-services';
import { useAdminPlatform } from '../../platform';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { flexGrow: 1, minWidth: 0 },
  address: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
});

export interface SlugFieldProps {
  /** The article in the editor; null for one not saved yet, whose slug the server makes from its title. */
  articleId: number | null;
  /** The signed-in client the slug is read and saved with. */
  api: ApiClient;
  notify: Notify;
  /** The server's origin, for the address the slug gives (the desktop's pages are not on it). */
  serverUrl: string;
  /**
   * Why the slug cannot be changed now (the desktop offline): the field stays, greyed out, with
   * the slug last read, and says why.
   */
  unavailableReason?: string;
}

/**
 * The article's slug in the editors (server/API.md §E19): checked as it is typed, with the
 * address it gives, and saved on its own (`PUT /api/admin/articles/{id}/slug`), which moves
 * neither the article's revision nor anything the editor holds. A new article gets its slug from
 * the title when it is first saved. Needs no admin context, so the desktop's draft editor shows it too.
 */
export function SlugField({ articleId, api, notify, serverUrl, unavailableReason }: SlugFieldProps) {
  const styles = useStyles();
  const [saved, setSaved] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const unavailable = unavailableReason !== undefined;

  useEffect(() => {
    // Read again when the server comes back: the slug may have changed elsewhere meanwhile.
    if (articleId === null || unavailable) return;
    const controller = new AbortController();
    api.get<AdminArticleDetail>(`/api/admin/articles/${articleId}`, { signal: controller.signal }).then(
      ({ data }) => {
        setSaved(data.slug ?? null);
        setValue(data.slug ?? '');
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, articleId, unavailable]);

  if (articleId === null || saved === null || unavailable) {
    return (
      <Field label={M.slugLabel} hint={unavailableReason ?? M.slugAutomatic}>
        <Input disabled value={saved ?? ''} aria-label={M.slugLabel} />
      </Field>
    );
  }
  const slug = value.trim();
  const problem = slugProblem(slug);
  const save = async () => {
    setBusy(true);
    try {
      const { data } = await api.put<AdminArticleDetail>(`/api/admin/articles/${articleId}/slug`, { slug });
      setSaved(data.slug ?? slug);
      setValue(data.slug ?? slug);
      notify(UiMessages.saved, 'success', SNACKBAR_MS.articles);
    } catch (error) {
      notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Field
      label={M.slugLabel}
      validationMessage={problem ?? undefined}
      hint={problem ? undefined : slug !== saved ? M.slugChangedHint(`/articles/${saved}`) : M.slugHint}
    >
      <div className={styles.row}>
        <Input
          className={styles.input}
          value={value}
          aria-label={M.slugLabel}
          data-testid="slug-input"
          onChange={(_, data) => setValue(data.value)}
        />
        <Button disabled={problem !== null || slug === saved || busy} onClick={() => void save()} data-testid="slug-save">
          {M.slugSave}
        </Button>
      </div>
      {!problem && (
        <Text size={200} className={styles.address} data-testid="slug-address">
          {M.slugAddress(`${serverUrl.replace(/\/+$/, '')}/articles/${slug}`)}
        </Text>
      )}
    </Field>
  );
}

/** The admin editors' 链接名, with the client and origin of the admin they are in. */
export function AdminSlugField({ articleId }: Pick<SlugFieldProps, 'articleId'>) {
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  return <SlugField articleId={articleId} api={api} notify={notify} serverUrl={platform.apiBaseUrl || window.location.origin} />;
}
