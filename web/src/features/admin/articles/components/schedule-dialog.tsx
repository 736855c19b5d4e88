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
  Input,
  makeStyles,
} from '@fluentui/react-components';
import { AdminUiMessages as T, UiMessages } from '@folio/shared';
import { localTimeZoneName, proposedScheduleTime, readScheduleInput, toDateTimeInputValue } from '../model/article-status';

const useStyles = makeStyles({ surface: { width: 'min(420px, 94vw)' }, input: { width: '100%' } });

export interface ScheduleDialogProps {
  open: boolean;
  /** The time already scheduled (ISO), offered for changing; null proposes the next whole hour. */
  scheduledAt: string | null;
  busy: boolean;
  onCancel: () => void;
  /** A UTC `publish_at` in the future; a past time never gets here. */
  onConfirm: (publishAt: string) => void;
}

/**
 * 定时发布: a date and time in the owner's local zone (the core Fluent package has no date-time
 * picker, so the browser's own datetime-local input, styled as a Fluent field). A time that is
 * not in the future is refused here, before anything is sent.
 */
export function ScheduleDialog({ open, scheduledAt, busy, onCancel, onConfirm }: ScheduleDialogProps) {
  const styles = useStyles();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (!open) return;
    const now = new Date();
    const scheduled = scheduledAt ? new Date(scheduledAt) : null;
    setValue(toDateTimeInputValue(scheduled && scheduled > now ? scheduled : proposedScheduleTime(now)));
    setError(undefined);
  }, [open, scheduledAt]);

  const confirm = () => {
    const read = readScheduleInput(value, new Date());
    if ('error' in read) setError(read.error);
    else onConfirm(read.publishAt);
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && onCancel()}>
      <DialogSurface className={styles.surface}>
        {/* noValidate: the browser's own bubble would refuse a past time before our message could name the rule. */}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <DialogBody>
            <DialogTitle>{T.schedulePublish}</DialogTitle>
            <DialogContent>
              <Field
                label={T.scheduleTimeLabel}
                hint={T.scheduleTimeHint(localTimeZoneName())}
                validationMessage={error}
                required
              >
                <Input
                  className={styles.input}
                  type="datetime-local"
                  value={value}
                  min={toDateTimeInputValue(new Date())}
                  onChange={(_, data) => {
                    setValue(data.value);
                    setError(undefined);
                  }}
                />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel} disabled={busy}>
                {UiMessages.cancel}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {T.schedulePublish}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
