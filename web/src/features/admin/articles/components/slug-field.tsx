import { useEffect, useState } from 'react';
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddressMessages as M, slugProblem, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { AdminArticleDetail } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { useAdminPlatform } from '../../platform';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  input: { flexGrow: 1, minWidth: 0 },
  address: { color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
});

/**
 * The article's slug in both editors (server/API.md §E19): checked as it is typed, with the
 * address it gives, and saved on its own (`PUT /api/admin/articles/{id}/slug`), which moves
 * neither the article's revision nor anything the editor holds. A new article gets its slug from
 * the title when it is first saved.
 */
export function SlugField({ articleId }: { articleId: number | null }) {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const [saved, setSaved] = useState<string | null>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (articleId === null) return;
    const controller = new AbortController();
    api.get<AdminArticleDetail>(`/api/admin/articles/${articleId}`, { signal: controller.signal }).then(
      ({ data }) => {
        setSaved(data.slug ?? null);
        setValue(data.slug ?? '');
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, articleId]);

  const origin = platform.apiBaseUrl || window.location.origin;
  if (articleId === null || saved === null) {
    return (
      <Field label={M.slugLabel} hint={M.slugAutomatic}>
        <Input disabled value="" aria-label={M.slugLabel} />
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
          {M.slugAddress(`${origin}/articles/${slug}`)}
        </Text>
      )}
    </Field>
  );
}
