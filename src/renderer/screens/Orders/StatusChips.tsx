import { useId } from 'react';
import { statusLabel } from '../../components/StatusChip';
import { FieldError } from './FieldError';
import { translate } from '../../i18n/t';

/** Status values as toggle chips ("Paid"; its code on hover): any chosen value matches; none chosen is no filter. */
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
            title={translate('design.chip.title', { legend, code: value })}
            onClick={() => onCommit(on ? selected.filter((v) => v !== value) : [...selected, value])}
          >
            {statusLabel(value, names ?? labels)}
          </button>
        );
      })}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
