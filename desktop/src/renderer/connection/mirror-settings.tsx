import type { FormEvent } from 'react';
import { useEffect, useState } from 'react';
import { Button, Field, Input, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { DesktopUiMessages as M } from '@folio/shared';
import { MB, MIRROR_LIMIT_MB, mirrorLimitInputSchema } from '../../channels';
import { useNotifyMessage } from '../app/desktop-notify';
import { usePageStyles } from '../web-admin';
import { formatBytes, MirrorFreshness } from './mirror-freshness';
import { useMirrorStatus } from './use-mirror-status';

const useStyles = makeStyles({
  limitForm: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  limitInput: { width: '160px' },
});

/**
 * 本地镜像 settings of the active server: how fresh the copy is, the space its bodies take
 * against the bound, and the bound itself (one for every server).
 */
export function MirrorSettings() {
  const page = usePageStyles();
  const styles = useStyles();
  const notify = useNotifyMessage();
  const { status, setLimit } = useMirrorStatus();
  const [limitText, setLimitText] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const limitMb = status ? Math.round(status.limitBytes / MB) : MIRROR_LIMIT_MB.default;

  useEffect(() => setLimitText(String(limitMb)), [limitMb]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = mirrorLimitInputSchema.safeParse({ limitMb: Number(limitText) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? '');
      return;
    }
    setError('');
    setSaving(true);
    try {
      await setLimit(parsed.data.limitMb);
      notify(M.mirrorLimitSaved);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={`${page.card} ${page.stack}`} aria-labelledby="mirror-settings-title" data-testid="mirror-settings">
      <Text as="h3" size={500} weight="semibold" id="mirror-settings-title" className={page.heading}>
        {M.mirrorSettingsTitle}
      </Text>
      <Text size={200} className={page.muted}>
        {M.mirrorSettingsIntro}
      </Text>
      {status && (
        <>
          <MirrorFreshness status={status} />
          <Field label={M.mirrorUsage(formatBytes(status.bytesUsed), formatBytes(status.limitBytes))}>
            <ProgressBar value={Math.min(1, status.bytesUsed / status.limitBytes)} thickness="large" />
          </Field>
        </>
      )}
      <form onSubmit={(event) => void save(event)} noValidate className={styles.limitForm}>
        <Field label={M.mirrorLimitLabel} validationMessage={error || undefined}>
          <Input
            className={styles.limitInput}
            type="number"
            min={MIRROR_LIMIT_MB.min}
            max={MIRROR_LIMIT_MB.max}
            value={limitText}
            onChange={(_, data) => setLimitText(data.value)}
          />
        </Field>
        <Button type="submit" icon={<SaveRegular />} disabled={saving}>
          {M.saveMirrorLimit}
        </Button>
      </form>
    </section>
  );
}
