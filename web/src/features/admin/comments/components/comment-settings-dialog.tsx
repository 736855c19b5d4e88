import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { AdminCommentMessages as M, AdminUiMessages, commentSettingsSchema, SNACKBAR_MS, UiMessages } from '@folio/shared';
import type { CommentModeration } from '@folio/shared';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useAdminApi, useNotify } from '../../hooks/admin-services';
import { getCommentSettings, saveCommentSettings } from '../api/comments.api';
import type { CommentSettingsDraft, CommentSettingsErrors } from '../model/comment-settings-form';
import { draftOfSettings, issuesAsFieldErrors, settingsFieldErrors, settingsOfDraft } from '../model/comment-settings-form';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  // About the form's height, so the dialog does not grow when the settings arrive.
  loading: { minHeight: '430px', display: 'flex', alignItems: 'center', justifyContent: 'center' },
});

const MODERATION_LABELS: Record<CommentModeration, string> = {
  none: M.moderationNone,
  first: M.moderationFirst,
  all: M.moderationAll,
};

interface LinesFieldProps {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** A list typed one entry per line. */
function LinesField({ label, hint, error, value, onChange }: LinesFieldProps) {
  return (
    <Field label={label} hint={hint} validationMessage={error}>
      <Textarea rows={4} resize="vertical" value={value} onChange={(_, data) => onChange(data.value)} />
    </Field>
  );
}

/** 评论设置: how visitors' comments are reviewed, the words that hold one, the addresses refused. */
export function CommentSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles();
  const api = useAdminApi();
  const notify = useNotify();
  const [draft, setDraft] = useState<CommentSettingsDraft | null>(null);
  const [errors, setErrors] = useState<CommentSettingsErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setDraft(null);
    setErrors({});
    setFailure(null);
    getCommentSettings(api, controller.signal)
      .then((response) => setDraft(draftOfSettings(response.data)))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(M.settingsLoadFailed(errorMessage(error, UiMessages.networkError)));
      });
    return () => controller.abort();
  }, [api, open]);

  const change = (patch: Partial<CommentSettingsDraft>) => setDraft((current) => (current ? { ...current, ...patch } : current));

  const save = async () => {
    if (!draft) return;
    const settings = settingsOfDraft(draft);
    const checked = commentSettingsSchema.safeParse(settings);
    if (!checked.success) {
      setErrors(settingsFieldErrors(issuesAsFieldErrors(checked.error.issues)));
      return;
    }
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      const response = await saveCommentSettings(api, settings);
      notify(response.msg || UiMessages.saved, 'success', SNACKBAR_MS.articles);
      onClose();
    } catch (error) {
      const onFields = error instanceof ApiError ? settingsFieldErrors(error.fieldErrors) : {};
      setErrors(onFields);
      if (Object.keys(onFields).length === 0)
        setFailure(`${UiMessages.saveFailed}: ${errorMessage(error, UiMessages.networkError)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{M.settingsTitle}</DialogTitle>
          <DialogContent>
            {failure && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure}</MessageBarBody>
              </MessageBar>
            )}
            {draft ? (
              <div className={styles.form}>
                <Field label={M.moderation} hint={M.moderationHint} validationMessage={errors.moderation}>
                  <RadioGroup
                    value={draft.moderation}
                    onChange={(_, data) => change({ moderation: data.value as CommentModeration })}
                  >
                    {(Object.keys(MODERATION_LABELS) as CommentModeration[]).map((value) => (
                      <Radio key={value} value={value} label={MODERATION_LABELS[value]} />
                    ))}
                  </RadioGroup>
                </Field>
                <LinesField
                  label={M.blockedWords}
                  hint={M.blockedWordsHint}
                  error={errors.blocked_words}
                  value={draft.blockedWords}
                  onChange={(blockedWords) => change({ blockedWords })}
                />
                <LinesField
                  label={M.blockedAddresses}
                  hint={M.blockedAddressesHint}
                  error={errors.blocked_addresses}
                  value={draft.blockedAddresses}
                  onChange={(blockedAddresses) => change({ blockedAddresses })}
                />
              </div>
            ) : (
              !failure && (
                <div className={styles.loading}>
                  <Spinner label={UiMessages.loading} />
                </div>
              )
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {UiMessages.cancel}
            </Button>
            <Button appearance="primary" onClick={() => void save()} disabled={busy || !draft}>
              {busy ? AdminUiMessages.saving : AdminUiMessages.save}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
