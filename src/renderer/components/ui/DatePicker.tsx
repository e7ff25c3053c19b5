import { CalendarDays, Check, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { SPACE, useT } from '../../i18n/t';
import { Button } from './Button';
import { Popover, PopoverClose } from './Popover';

/** A range of whole days (YYYY-MM-DD, both included); '' for an open end. */
export interface DayRange {
  from: string;
  to: string;
}

export interface DatePreset {
  id: string;
  label: string;
  /** The range on the day of `nowMs` (the merchant's time zone). */
  range(nowMs: number): DayRange;
}

/**
 * A date range from presets (Polaris DatePicker's "Today, Last 7 days, …") or a custom range of two days, in a
 * popover from a button that says the range in force. Radix Popover: focus moves in and back to the button, Escape
 * and an outside click close it. The days are native date fields (the browser's calendar, its keyboard and its
 * locale); a preset applies at once, a custom range on "Apply".
 */
export function DatePicker({
  label,
  value,
  presets,
  now = Date.now,
  onChange,
}: {
  /** What the range filters ("Created"): the button's and the popover's name. */
  label: string;
  value: DayRange;
  presets: readonly DatePreset[];
  now?: () => number;
  onChange(range: DayRange): void;
}) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DayRange>(value);
  const [custom, setCustom] = useState(false);
  const nowMs = now();
  const current = presets.find((p) => {
    const r = p.range(nowMs);
    return r.from === value.from && r.to === value.to;
  });
  const shown = current
    ? current.label
    : value.from || value.to
      ? `${value.from || '…'} – ${value.to || '…'}`
      : t('datePicker.anyTime');

  return (
    <Popover
      label={label}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft(value);
          setCustom(!current && (value.from !== '' || value.to !== ''));
        }
      }}
      trigger={
        <Button size="sm" icon={CalendarDays}>
          <span className="date-picker-label">{t('datePicker.labelColon', { label })}</span>
          {SPACE}
          {shown}
          <ChevronDown size={14} aria-hidden="true" />
        </Button>
      }
    >
      <div className="date-picker">
        <ul className="date-picker-presets" aria-label={t('datePicker.presets')}>
          {presets.map((p) => (
            <li key={p.id}>
              <PopoverClose asChild>
                <button
                  type="button"
                  className="date-picker-preset"
                  aria-pressed={current?.id === p.id}
                  onClick={() => onChange(p.range(now()))}
                >
                  {current?.id === p.id ? <Check size={14} aria-hidden="true" /> : <span className="icon-space" />}
                  {p.label}
                </button>
              </PopoverClose>
            </li>
          ))}
          <li>
            <button
              type="button"
              className="date-picker-preset"
              aria-pressed={custom}
              aria-expanded={custom}
              aria-controls={`${id}-custom`}
              onClick={() => setCustom(true)}
            >
              {custom ? <Check size={14} aria-hidden="true" /> : <span className="icon-space" />}
              {t('datePicker.custom')}
            </button>
          </li>
        </ul>
        {custom && (
          <form
            id={`${id}-custom`}
            className="date-picker-custom"
            onSubmit={(e) => {
              e.preventDefault();
              onChange(draft);
              setOpen(false);
            }}
          >
            <label>
              {t('datePicker.from')}
              <input
                type="date"
                value={draft.from}
                max={draft.to || undefined}
                onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              />
            </label>
            <label>
              {t('datePicker.to')}
              <input
                type="date"
                value={draft.to}
                min={draft.from || undefined}
                onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              />
            </label>
            <Button size="sm" variant="primary" type="submit">
              {t('datePicker.apply')}
            </Button>
          </form>
        )}
      </div>
    </Popover>
  );
}
