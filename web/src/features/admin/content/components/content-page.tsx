import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Field, Input, Spinner, Text, Textarea } from '@fluentui/react-components';
import { ArrowClockwiseRegular, SaveRegular } from '@fluentui/react-icons';
import { ABOUT_EDITOR_MAX_ROWS, AdminUiMessages, PublicUiMessages, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { SiteBlock } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { AutoGrowTextarea } from '../../components/auto-grow-textarea';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes';
import { fetchSiteBlocks, saveSiteBlocks } from '../api/site-blocks.api';
import { FeedSettingsCard } from './feed-settings-card';
import type { AboutKey, HomeKey } from '../model/content-fields';
import { ABOUT_FIELDS, HOME_FIELDS } from '../model/content-fields';
import { sanitizeHtml } from '../../../../lib/sanitize-html';

type Draft = { about: Record<AboutKey, string>; home: Record<HomeKey, string> };

function draftFrom(blocks: SiteBlock[]): Draft {
  const content = (name: string) => blocks.find((block) => block.name === name)?.content ?? {};
  const about = content('about');
  const home = content('home');
  return {
    about: Object.fromEntries(ABOUT_FIELDS.map(({ key }) => [key, about[key] ?? ''])) as Record<AboutKey, string>,
    home: Object.fromEntries(HOME_FIELDS.map(({ key }) => [key, home[key] ?? ''])) as Record<HomeKey, string>,
  };
}

/** The about editor with its live preview, plus the home block fields. */
export function ContentPage() {
  const api = useAdminApi();
  const notify = useNotify();
  const styles = usePageStyles();
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const response = await fetchSiteBlocks(api);
      const loaded = draftFrom(response.data);
      setSaved(loaded);
      setDraft(loaded);
    } catch (error) {
      notify(errorMessage(error, UiMessages.networkError), 'error', SNACKBAR_MS.articles);
    }
  }, [api, notify]);

  useEffect(() => {
    void load();
  }, [load]);

  const dirty = useMemo(() => JSON.stringify(saved) !== JSON.stringify(draft), [saved, draft]);
  useUnsavedChanges('content', dirty);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await saveSiteBlocks(api, [
        { name: 'about', content: draft.about },
        { name: 'home', content: draft.home },
      ]);
      notify(UiMessages.saved, 'success', SNACKBAR_MS.articles);
      await load();
    } catch (error) {
      notify(`${UiMessages.saveFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', SNACKBAR_MS.articles);
    } finally {
      setSaving(false);
    }
  };

  const actions = (
    <>
      <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()} disabled={saving}>
        {UiMessages.refresh}
      </Button>
      <Button appearance="primary" icon={<SaveRegular />} onClick={() => void save()} disabled={saving || !draft}>
        {UiMessages.saveAll}
      </Button>
    </>
  );

  if (!draft) {
    return (
      <>
        <PageHeader title={AdminUiMessages.tabContent} actions={actions} />
        <Spinner label={UiMessages.loading} />
      </>
    );
  }

  const setAbout = (key: AboutKey, value: string) => setDraft({ ...draft, about: { ...draft.about, [key]: value } });
  const setHome = (key: HomeKey, value: string) => setDraft({ ...draft, home: { ...draft.home, [key]: value } });

  return (
    <div className={styles.stack}>
      <PageHeader title={AdminUiMessages.tabContent} actions={actions} />
      <div className={styles.twoColumns}>
        <section className={`${styles.card} ${styles.stack}`} aria-label={AdminUiMessages.aboutEditor}>
          <Text as="h3" size={400} weight="semibold" className={styles.heading}>
            {AdminUiMessages.aboutHtml}
          </Text>
          {ABOUT_FIELDS.map(({ key, label }) => (
            <AutoGrowTextarea
              key={key}
              label={label}
              value={draft.about[key]}
              maxRows={ABOUT_EDITOR_MAX_ROWS}
              onChange={(value) => setAbout(key, value)}
            />
          ))}
        </section>
        <section className={`${styles.card} ${styles.stack}`} aria-label={AdminUiMessages.aboutPreview}>
          <Text as="h3" size={400} weight="semibold" className={styles.heading}>
            {PublicUiMessages.navAbout}
          </Text>
          {ABOUT_FIELDS.map(({ key, label }) => (
            <div key={key}>
              <Text weight="semibold">{label}</Text>
              {draft.about[key].trim() ? (
                <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(draft.about[key]) }} />
              ) : (
                <p className={styles.muted}>{UiMessages.noContent}</p>
              )}
            </div>
          ))}
        </section>
      </div>
      <section className={`${styles.card} ${styles.stack}`} aria-label={AdminUiMessages.homeInfo}>
        <Text as="h3" size={400} weight="semibold" className={styles.heading}>
          {AdminUiMessages.homeInfo}
        </Text>
        <div className={styles.twoColumns}>
          {HOME_FIELDS.map(({ key, label, multiline }) => (
            <Field key={key} label={label}>
              {multiline ? (
                <Textarea value={draft.home[key]} rows={3} onChange={(_, data) => setHome(key, data.value)} />
              ) : (
                <Input value={draft.home[key]} onChange={(_, data) => setHome(key, data.value)} />
              )}
            </Field>
          ))}
        </div>
      </section>
      <FeedSettingsCard />
    </div>
  );
}
