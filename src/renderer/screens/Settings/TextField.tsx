import type { InputHTMLAttributes } from 'react';
import { FieldNotes, notesIds } from './FieldNotes';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** What is wrong with the value (a hint or the host's issue); the field is marked invalid. */
  error?: string | undefined;
  help?: string;
}

/** A labelled input with its help and its error read out with it. */
export function TextField({ id, label, value, onChange, error, help, ...input }: TextFieldProps) {
  return (
    <div className="settings-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={notesIds(id, help, error)}
        {...input}
      />
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}
