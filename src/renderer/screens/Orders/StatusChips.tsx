import { useId } from 'react';
import { ToggleButton } from '../../components/ui/ToggleButton';
import { statusLabel } from '../../components/StatusChip';
import { Combobox } from '../../components/ui/Combobox';
import { FieldError } from './FieldError';
import { translate } from '../../i18n/t';

/** More values than this: the chips show the chosen ones and a combobox finds the others (a platform may have many). */
export const MANY_VALUES = 8;

/**
 * Status values as toggle chips ("Paid"; its code on hover): any chosen value matches; none chosen is no filter.
 * Past MANY_VALUES, the unchosen values are picked from a filterable combobox instead of a wall of chips.
 */
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
  const all = [...new Set([...values, ...selected])].sort((a, b) => a - b);
  const many = all.length > MANY_VALUES;
  const shown = many ? all.filter((v) => selected.includes(v)) : all;
  const others = many
    ? all
        .filter((v) => !selected.includes(v))
        .map((v) => ({ value: String(v), label: statusLabel(v, names ?? labels), keywords: String(v) }))
    : [];
  return (
    <fieldset className="status-chips" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {shown.map((value) => {
        const on = selected.includes(value);
        return (
          <ToggleButton
            key={value}
            look="chip"
            pressed={on}
            title={translate('design.chip.title', { legend, code: value })}
            onClick={() => onCommit(on ? selected.filter((v) => v !== value) : [...selected, value])}
          >
            {statusLabel(value, names ?? labels)}
          </ToggleButton>
        );
      })}
      {many && (
        <Combobox
          label={translate('combobox.add', { legend })}
          placeholder={translate('combobox.placeholder')}
          options={others}
          onPick={(value) => onCommit([...selected, Number(value)])}
        />
      )}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
