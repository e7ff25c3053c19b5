import { useT } from '../../i18n/t';
import { useId, useState } from 'react';
import { plausibleDay } from '../../stores/orderFilters';
import { FieldError } from './FieldError';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day (the merchant's time zone). While the merchant types, the field keeps what they typed and applies it only
 * once it is a complete, plausible day: a date field reports "0002-11-22" after the first digit of the year, and
 * applying that (the URL, then the field re-rendered from it) broke the typing and wiped the field. Leaving the field
 * or Enter applies whatever it holds (a still odd year is then named at the field). Each change applied is a new
 * history entry.
 */
export function DateFilter({
  label,
  value,
  onCommit,
  error,
}: {
  label: string;
  value: string;
  onCommit(value: string): void;
  error?: string | undefined;
}) {
  const id = useId();
  const t = useT();
  const shown = DAY.test(value) ? value : '';
  const [draft, setDraft] = useState(shown);
  // A value from outside (back/forward, a view, a preset, the merchant's own commit) replaces the draft.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(shown);
  }
  const apply = (text: string) => {
    if (text !== shown) onCommit(text);
  };
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (plausibleDay(text)) apply(text);
        }}
        onBlur={() => apply(draft)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply(draft);
        }}
      />
      {value !== '' && !DAY.test(value) && <span className="filter-hint">{t('filters.fromAddress', { value })}</span>}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
