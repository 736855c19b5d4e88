import { useState } from 'react';
import { Button, Field, Input, makeStyles, ToggleButton, tokens } from '@fluentui/react-components';
import { StatsUiMessages as M } from '@folio/shared';
import { checkCustomRange, STATS_PRESET_DAYS } from '../model/stats-range';
import type { StatsPresetDays, StatsRange } from '../model/stats-range';

/** What the owner picked: one of the presets, or two dates of their own. */
export type StatsSelection = { kind: 'preset'; days: StatsPresetDays } | { kind: 'custom'; range: StatsRange };

const PRESET_LABELS: Record<StatsPresetDays, string> = { 7: M.range7, 30: M.range30, 90: M.range90, 365: M.range365 };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  custom: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  date: { minWidth: '150px' },
  apply: { marginTop: '26px' },
});

/** 7 / 30 / 90 / 365 天 and 自定义 with two dates, checked before anything is asked of the server. */
export function StatsRangePicker({
  selection,
  shown,
  today,
  onSelect,
}: {
  selection: StatsSelection;
  /** The range on screen, the custom fields' starting values. */
  shown: StatsRange;
  today: string;
  onSelect(selection: StatsSelection): void;
}) {
  const styles = useStyles();
  const [customOpen, setCustomOpen] = useState(selection.kind === 'custom');
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const checked = checkCustomRange(from, to, today);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    onSelect({ kind: 'custom', range: checked.range });
  };

  return (
    <div className={styles.root}>
      <div className={styles.buttons} role="group" aria-label={M.rangeLabel}>
        {STATS_PRESET_DAYS.map((days) => (
          <ToggleButton
            key={days}
            size="small"
            checked={!customOpen && selection.kind === 'preset' && selection.days === days}
            onClick={() => {
              setCustomOpen(false);
              setError(null);
              onSelect({ kind: 'preset', days });
            }}
          >
            {PRESET_LABELS[days]}
          </ToggleButton>
        ))}
        <ToggleButton
          size="small"
          checked={customOpen}
          onClick={() => {
            setFrom(shown.from);
            setTo(shown.to);
            setCustomOpen(true);
          }}
        >
          {M.rangeCustom}
        </ToggleButton>
      </div>
      {customOpen && (
        <form
          className={styles.custom}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Field label={M.customFrom} className={styles.date} validationState={error ? 'error' : 'none'}>
            <Input type="date" value={from} max={today} onChange={(_, data) => setFrom(data.value)} />
          </Field>
          <Field
            label={M.customTo}
            className={styles.date}
            validationState={error ? 'error' : 'none'}
            validationMessage={error ?? undefined}
          >
            <Input type="date" value={to} max={today} onChange={(_, data) => setTo(data.value)} />
          </Field>
          <Button type="submit" appearance="primary" className={styles.apply}>
            {M.applyCustom}
          </Button>
        </form>
      )}
    </div>
  );
}
