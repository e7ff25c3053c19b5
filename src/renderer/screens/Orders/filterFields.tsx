import { useEffect, useId, useRef, useState } from 'react';
import { statusText } from '../../components/StatusChip';
import type { Tristate } from '../../stores/orderFilters';

/** How long typing waits before the list follows: short enough to feel instant, long enough not to query per key. */
export const TYPING_DEBOUNCE_MS = 150;

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <span id={id} className="filter-error">
      {error}
    </span>
  ) : null;
}

/**
 * A text filter: the list follows ~150 ms after the last key (the URL is replaced, not pushed, while typing);
 * Enter applies at once. When the value changes from outside (back/forward, a view), the field shows it.
 */
export function TextFilter({
  label,
  value,
  onCommit,
  error,
  hint,
  type = 'text',
  inputMode,
  className,
}: {
  label: string;
  value: string;
  onCommit(value: string): void;
  error?: string | undefined;
  hint?: string;
  type?: 'text' | 'search';
  inputMode?: 'numeric' | 'text';
  className?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const timer = useRef<number | null>(null);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  // A value from outside (back/forward, a view, the merchant's own debounced commit) replaces the draft.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  useEffect(() => () => void (timer.current !== null && window.clearTimeout(timer.current)), []);

  const flush = (text: string) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    commit.current(text);
  };

  return (
    <div className={`filter-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={type}
        value={draft}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].join(' ').trim() || undefined}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          if (timer.current !== null) window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => flush(text), TYPING_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') flush(draft);
        }}
      />
      {hint && (
        <span id={`${id}-hint`} className="filter-hint">
          {hint}
        </span>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A day (the merchant's time zone); a change applies at once and is a new history entry. */
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
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onCommit(e.target.value)}
      />
      {value !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(value) && (
        <span className="filter-hint">From the address: “{value}”</span>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TristateFilter({
  label,
  value,
  onCommit,
  yes,
  no,
}: {
  label: string;
  value: Tristate;
  onCommit(value: Tristate): void;
  yes: string;
  no: string;
}) {
  const id = useId();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onCommit(e.target.value as Tristate)}>
        <option value="any">Any</option>
        <option value="yes">{yes}</option>
        <option value="no">{no}</option>
      </select>
    </div>
  );
}

/** Status values as toggle chips ("Paid (2)"): any chosen value matches; none chosen is no filter. */
export function StatusChips({
  legend,
  values,
  labels,
  names,
  selected,
  onCommit,
  error,
}: {
  legend: string;
  values: number[];
  /** The merchant's labels ("label (n)"), or plain names for values the spec names itself. */
  labels?: Record<string, string> | undefined;
  names?: Readonly<Record<string, string>>;
  selected: number[];
  onCommit(values: number[]): void;
  error?: string | undefined;
}) {
  const id = useId();
  const shown = [...new Set([...values, ...selected])].sort((a, b) => a - b);
  return (
    <fieldset className="status-chips" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {shown.map((value) => {
        const on = selected.includes(value);
        return (
          <button
            key={value}
            type="button"
            className="chip-toggle"
            aria-pressed={on}
            onClick={() => onCommit(on ? selected.filter((v) => v !== value) : [...selected, value])}
          >
            {names ? (names[String(value)] ?? String(value)) : statusText(value, labels)}
          </button>
        );
      })}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
