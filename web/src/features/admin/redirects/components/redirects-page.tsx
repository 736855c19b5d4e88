import { useEffect, useMemo, useState } from 'react';
import { Button, Input, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Text, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular, SaveRegular } from '@fluentui/react-icons';
import { AddressMessages as M, checkRedirects, SNACKBAR_MS } from '@folio/shared';
import type { RedirectRule, RedirectStatus } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { fetchRedirects, saveRedirects } from '../api/redirects.api';

const useStyles = makeStyles({
  rows: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) 120px auto',
    gap: tokens.spacingHorizontalS,
    alignItems: 'center',
    '@media (max-width: 640px)': {
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      paddingBottom: tokens.spacingVerticalS,
      borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    },
  },
  wide: { '@media (max-width: 640px)': { gridColumn: '1 / -1' } },
  headings: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) 120px 32px',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground3,
    '@media (max-width: 640px)': { display: 'none' },
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const emptyRule = (): RedirectRule => ({ from: '', to: '', status: 301 });

/**
 * 重定向 (docs/spec.md §2.4, server/API.md §E19): the owner's redirects as rows to edit, add and
 * remove, checked as they are typed with the server's own rules and saved as one list.
 */
export function RedirectsPage() {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const [saved, setSaved] = useState<RedirectRule[] | null>(null);
  const [rows, setRows] = useState<RedirectRule[]>([]);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchRedirects(api, controller.signal).then(
      (redirects) => {
        setSaved(redirects);
        setRows(redirects);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error, M.redirectsLoadFailed));
      },
    );
    return () => controller.abort();
  }, [api]);

  const problem = useMemo(() => {
    const checked = checkRedirects(rows);
    return 'problem' in checked ? checked.problem : null;
  }, [rows]);
  const changed = saved !== null && JSON.stringify(saved) !== JSON.stringify(rows);

  const update = (index: number, patch: Partial<RedirectRule>) =>
    setRows((current) => current.map((rule, at) => (at === index ? { ...rule, ...patch } : rule)));

  const save = async () => {
    setSaving(true);
    try {
      const stored = await saveRedirects(api, rows);
      setSaved(stored);
      setRows(stored);
      notify(M.redirectsSaved, 'success', SNACKBAR_MS.data);
    } catch (error) {
      notify(errorMessage(error, M.redirectsSaveFailed), 'error', SNACKBAR_MS.data);
    } finally {
      setSaving(false);
    }
  };

  if (loadError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{loadError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (saved === null) return <Spinner label={M.redirectsTitle} />;

  return (
    <div className={page.stack} data-testid="redirects-page">
      <PageHeader
        title={M.redirectsTitle}
        actions={
          <div className={styles.actions}>
            {changed && <Text className={page.muted}>{M.redirectsUnsaved}</Text>}
            <Button icon={<AddRegular />} onClick={() => setRows((current) => [...current, emptyRule()])}>
              {M.redirectAdd}
            </Button>
            <Button
              appearance="primary"
              icon={<SaveRegular />}
              disabled={!changed || problem !== null || saving}
              onClick={() => void save()}
            >
              {saving ? M.redirectsSaving : M.redirectsSave}
            </Button>
          </div>
        }
      />
      <Text className={page.muted}>{M.redirectsIntro}</Text>
      {problem && rows.length > 0 && (
        <MessageBar intent="warning" data-testid="redirects-problem">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      <section className={page.card}>
        {rows.length === 0 ? (
          <Text className={page.muted}>{M.redirectsEmpty}</Text>
        ) : (
          <>
            <div className={styles.headings} aria-hidden="true">
              <Text size={200}>{M.redirectFrom}</Text>
              <Text size={200}>{M.redirectTo}</Text>
              <Text size={200}>{M.redirectStatus}</Text>
            </div>
            <ol className={styles.rows}>
              {rows.map((rule, index) => (
                // Rows have no id of their own: the position is what the list keeps.
                <li key={index} className={styles.row} data-testid="redirect-row">
                  <Input
                    className={styles.wide}
                    aria-label={`${M.redirectFrom} ${index + 1}`}
                    placeholder={M.redirectFromPlaceholder}
                    value={rule.from}
                    onChange={(_, data) => update(index, { from: data.value })}
                  />
                  <Input
                    className={styles.wide}
                    aria-label={`${M.redirectTo} ${index + 1}`}
                    placeholder={M.redirectToPlaceholder}
                    value={rule.to}
                    onChange={(_, data) => update(index, { to: data.value })}
                  />
                  <Select
                    aria-label={`${M.redirectStatus} ${index + 1}`}
                    value={String(rule.status)}
                    onChange={(_, data) => update(index, { status: Number(data.value) as RedirectStatus })}
                  >
                    <option value="301">{M.redirectPermanent}</option>
                    <option value="302">{M.redirectTemporary}</option>
                  </Select>
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={M.redirectRemove(index + 1)}
                    onClick={() => setRows((current) => current.filter((_, at) => at !== index))}
                  />
                </li>
              ))}
            </ol>
          </>
        )}
      </section>
    </div>
  );
}
