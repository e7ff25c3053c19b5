import type { ReactNode } from 'react';

/** The `aria-describedby` of a field with these notes (undefined when it has none). */
export function notesIds(id: string, help: ReactNode, error: string | null | undefined): string | undefined {
  return [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's help and its error, with the ids `notesIds` names, so both are read out with the field. */
export function FieldNotes({ id, help, error }: { id: string; help?: ReactNode; error?: string | null | undefined }) {
  return (
    <>
      {help && (
        <p id={`${id}-help`} className="settings-help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="settings-field-error">
          {error}
        </p>
      )}
    </>
  );
}
