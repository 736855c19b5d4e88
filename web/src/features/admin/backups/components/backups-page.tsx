import { useEffect, useMemo, useState } from 'react';
import {
  Button,
  Field,
  Input,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, SaveRegular } from '@fluentui/react-icons';
import { BACKUP_FREQUENCIES, BACKUP_TARGET_KINDS, BackupScreenMessages as M, SNACKBAR_MS } from '@folio/shared';
import type { BackupFrequency, BackupSettings, BackupTargetKind, FieldError } from '@folio/shared';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/format';
import { PageHeader } from '../../components/page-header';
import { usePageStyles } from '../../components/page.styles';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { useUnsavedChanges } from '../../hooks/use-unsaved-changes';
import { useAdminPlatform } from '../../platform';
import { fetchBackupSettings, saveBackupSettings, startBackupRun } from '../api/backups.api';
import { useBackupRuns } from '../hooks/use-backup-runs';
import type { BackupForm, TargetForm } from '../model/backup-form';
import { formFromSettings, newTarget, targetLabel, updateFromForm } from '../model/backup-form';
import { BackupRunsTable } from './backup-runs-table';
import { BackupTargetCard } from './backup-target-card';
import { RemoteBackupsDialog } from './remote-backups-dialog';
import { SecretInput } from './secret-input';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  scheduleRow: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 140px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  targets: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  headingRow: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
  },
  errors: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

const FREQUENCY_LABELS: Record<BackupFrequency, string> = {
  off: M.frequencyOff,
  daily: M.frequencyDaily,
  weekly: M.frequencyWeekly,
};
const ADD_LABELS: Record<BackupTargetKind, string> = { folder: M.addFolder, webdav: M.addWebdav, s3: M.addS3 };

interface SaveProblem {
  message: string;
  fields: FieldError[];
}

/**
 * 备份 (server/API.md §E22): the schedule in the server's time zone, how many to keep, the
 * targets with their write-only secrets, the passphrase, 立即备份, the runs, and each target's
 * backups to restore from. The desktop adds its copy at home above (AdminPlatform.backupsPanel).
 */
export function BackupsPage() {
  const styles = useStyles();
  const page = usePageStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const platform = useAdminPlatform();
  const DesktopPanel = platform.backupsPanel;
  const [saved, setSaved] = useState<BackupSettings | null>(null);
  const [form, setForm] = useState<BackupForm | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [starting, setStarting] = useState(false);
  const [remote, setRemote] = useState<{ id: string; label: string } | null>(null);
  const { runs, error: runsError, reload } = useBackupRuns();

  useEffect(() => {
    const controller = new AbortController();
    fetchBackupSettings(api, controller.signal).then(
      (settings) => {
        setSaved(settings);
        setForm(formFromSettings(settings));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoadError(errorMessage(error, M.loadFailed));
      },
    );
    return () => controller.abort();
  }, [api]);

  const changed = useMemo(
    () => saved !== null && form !== null && JSON.stringify(formFromSettings(saved)) !== JSON.stringify(form),
    [saved, form],
  );
  useUnsavedChanges('backups', changed);

  if (loadError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{loadError}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!saved || !form) return <Spinner label={M.title} />;

  const edit = (patch: Partial<BackupForm>) => setForm({ ...form, ...patch });
  const editTarget = (index: number, next: TargetForm) =>
    edit({ targets: form.targets.map((target, at) => (at === index ? next : target)) });

  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      const stored = await saveBackupSettings(api, updateFromForm(form));
      setSaved(stored);
      setForm(formFromSettings(stored));
      notify(M.saved, 'success', SNACKBAR_MS.data);
    } catch (error) {
      setProblem({
        message: errorMessage(error, M.saveFailed),
        fields: error instanceof ApiError ? error.fieldErrors : [],
      });
    } finally {
      setSaving(false);
    }
  };

  const runNow = async () => {
    setStarting(true);
    try {
      await startBackupRun(api);
      notify(M.runStarted, 'info', SNACKBAR_MS.data);
    } catch (error) {
      notify(errorMessage(error, M.runFailed), 'error', SNACKBAR_MS.data);
    } finally {
      setStarting(false);
      reload();
    }
  };

  const showRemote = (target: TargetForm) => {
    // The server knows only saved targets: a new or edited one would list the old place.
    if (changed || !saved.targets.some((stored) => stored.id === target.id)) {
      notify(M.remoteSaveFirst, 'warning', SNACKBAR_MS.data);
      return;
    }
    setRemote({ id: target.id, label: targetLabel(target) });
  };

  const running = runs?.some((run) => run.status === 'running') ?? false;

  return (
    <div className={page.stack} data-testid="backups-page">
      <PageHeader
        title={M.title}
        actions={
          <>
            {changed && <Text className={page.muted}>{M.unsaved}</Text>}
            <Button icon={<ArrowSyncRegular />} disabled={starting || running} onClick={() => void runNow()}>
              {starting || running ? M.running : M.runNow}
            </Button>
            <Button appearance="primary" icon={<SaveRegular />} disabled={!changed || saving} onClick={() => void save()}>
              {saving ? M.saving : M.save}
            </Button>
          </>
        }
      />
      <Text className={page.muted}>{M.intro}</Text>
      {problem && (
        <MessageBar intent="error" layout="multiline" data-testid="backup-save-error">
          <MessageBarBody>
            <MessageBarTitle>{M.saveFailed}</MessageBarTitle>
            {problem.fields.length > 0 ? (
              <ul className={styles.errors}>
                {problem.fields.map((field) => (
                  <li key={`${field.field}:${field.msg}`}>{field.msg}</li>
                ))}
              </ul>
            ) : (
              problem.message
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {DesktopPanel && <DesktopPanel />}
      <div className={page.twoColumns}>
        <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-schedule-heading">
          <Text as="h3" id="backup-schedule-heading" size={400} weight="semibold" className={page.heading}>
            {M.scheduleHeading}
          </Text>
          <div className={styles.scheduleRow}>
            <Field label={M.frequency}>
              <Select value={form.frequency} onChange={(_, data) => edit({ frequency: data.value as BackupFrequency })}>
                {BACKUP_FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </Select>
            </Field>
            {form.frequency === 'weekly' && (
              <Field label={M.weekday}>
                <Select value={String(form.weekday)} onChange={(_, data) => edit({ weekday: Number(data.value) })}>
                  {M.weekdays.map((name, day) => (
                    <option key={name} value={day}>
                      {name}
                    </option>
                  ))}
                </Select>
              </Field>
            )}
            {form.frequency !== 'off' && (
              <Field label={M.time}>
                <Input type="time" value={form.time} onChange={(_, data) => edit({ time: data.value })} />
              </Field>
            )}
          </div>
          <Text size={200} className={page.muted} data-testid="backup-time-zone">
            {M.serverTimeZone(saved.time_zone)}
          </Text>
          <Text size={200} data-testid="backup-next-run">
            {saved.next_run_at ? M.nextRun(formatDateTime(saved.next_run_at)) : M.noNextRun}
          </Text>
          <Field label={M.keep} hint={M.keepHint}>
            <Input type="number" min={1} value={form.keep} onChange={(_, data) => edit({ keep: data.value })} />
          </Field>
        </section>
        <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-passphrase-heading">
          <Text as="h3" id="backup-passphrase-heading" size={400} weight="semibold" className={page.heading}>
            {M.passphraseHeading}
          </Text>
          <SecretInput
            label={M.passphrase}
            field={form.passphrase}
            hint={M.passphraseHint}
            onChange={(passphrase) => edit({ passphrase })}
          />
          <MessageBar intent="warning" layout="multiline">
            <MessageBarBody>{M.passphraseWarning}</MessageBarBody>
          </MessageBar>
        </section>
      </div>
      <section className={styles.targets} aria-labelledby="backup-targets-heading">
        <div className={styles.headingRow}>
          <Text as="h3" id="backup-targets-heading" size={400} weight="semibold" className={page.heading}>
            {M.targetsHeading}
          </Text>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button icon={<AddRegular />}>{M.addTarget}</Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                {BACKUP_TARGET_KINDS.map((kind) => (
                  <MenuItem key={kind} onClick={() => edit({ targets: [...form.targets, newTarget(kind, form.targets)] })}>
                    {ADD_LABELS[kind]}
                  </MenuItem>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        </div>
        {form.targets.length === 0 ? (
          <Text className={page.muted}>{M.targetsEmpty}</Text>
        ) : (
          form.targets.map((target, index) => (
            <BackupTargetCard
              key={target.id}
              target={target}
              onChange={(next) => editTarget(index, next)}
              onRemove={() => edit({ targets: form.targets.filter((_, at) => at !== index) })}
              onShowRemote={() => showRemote(target)}
            />
          ))
        )}
      </section>
      <section className={`${page.card} ${styles.section}`} aria-labelledby="backup-runs-heading">
        <Text as="h3" id="backup-runs-heading" size={400} weight="semibold" className={page.heading}>
          {M.runsHeading}
        </Text>
        {runs ? (
          <BackupRunsTable runs={runs} />
        ) : runsError ? (
          <Text className={page.muted}>{errorMessage(runsError, M.runsLoadFailed)}</Text>
        ) : (
          <Spinner size="small" label={M.runsHeading} />
        )}
      </section>
      {remote && <RemoteBackupsDialog target={remote.id} label={remote.label} onClose={() => setRemote(null)} />}
    </div>
  );
}
