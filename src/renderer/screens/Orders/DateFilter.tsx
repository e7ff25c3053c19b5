import { useId } from 'react';
import { FieldError } from './FieldError';

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
