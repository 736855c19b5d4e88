import { useEffect, useState } from 'react';
import { Radio, RadioGroup, Text } from '@fluentui/react-components';
import { FeedSettingsMessages as M, SNACKBAR_MS, UiMessages } from '@folio/shared';
import { errorMessage } from '../../../../lib/api-client';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { fetchFeedSettings, saveFeedSettings } from '../api/feed-settings.api';

const FULL_TEXT = 'full';
const EXCERPT_ONLY = 'excerpt';

/**
 * 订阅源: whether the RSS feeds carry each article whole or only its excerpt
 * (server/API.md §E18). Saved as soon as it is picked, apart from the page's 保存全部更改.
 */
export function FeedSettingsCard() {
  const api = useAdminApi();
  const notify = useNotify();
  const styles = usePageStyles();
  const [fullText, setFullText] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    fetchFeedSettings(api)
      .then((response) => {
        if (active) setFullText(response.data.feed_full_text);
      })
      .catch((error: unknown) => {
        if (active) {
          notify(`${M.loadFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', SNACKBAR_MS.articles);
        }
      });
    return () => {
      active = false;
    };
  }, [api, notify]);

  const choose = async (value: string) => {
    const wanted = value === FULL_TEXT;
    const before = fullText;
    setFullText(wanted);
    setSaving(true);
    try {
      const response = await saveFeedSettings(api, { feed_full_text: wanted });
      setFullText(response.data.feed_full_text);
      notify(M.saved, 'success', SNACKBAR_MS.articles);
    } catch (error) {
      setFullText(before);
      notify(`${M.saveFailed}: ${errorMessage(error, UiMessages.networkError)}`, 'error', SNACKBAR_MS.articles);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={`${styles.card} ${styles.stack}`} aria-label={M.sectionTitle} data-testid="feed-settings">
      <Text as="h3" size={400} weight="semibold" className={styles.heading}>
        {M.sectionTitle}
      </Text>
      <RadioGroup
        layout="horizontal"
        aria-label={M.sectionTitle}
        value={fullText === null ? '' : fullText ? FULL_TEXT : EXCERPT_ONLY}
        disabled={fullText === null || saving}
        onChange={(_, data) => void choose(data.value)}
      >
        <Radio value={FULL_TEXT} label={M.fullText} />
        <Radio value={EXCERPT_ONLY} label={M.excerptOnly} />
      </RadioGroup>
      <Text className={styles.muted}>{M.hint}</Text>
    </section>
  );
}
