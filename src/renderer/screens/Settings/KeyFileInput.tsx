import { useState } from 'react';
import { FieldNotes, notesIds } from './FieldNotes';

/**
 * Picks a PEM private key file and reads it here, in the page (the renderer never names a path for the host); the
 * text goes to the host with the import and is dropped from the form right after.
 */
export function KeyFileInput(props: { id: string; onPem(pem: string): void; error?: string | undefined }) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const error = readError ?? props.error;
  return (
    <div className="settings-field">
      <label htmlFor={props.id}>Private key file (PEM)</label>
      <input
        id={props.id}
        type="file"
        accept=".pem,.key,.txt,application/x-pem-file"
        aria-invalid={error ? true : undefined}
        aria-describedby={notesIds(props.id, true, error)}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setReadError(null);
          if (!file) return;
          if (file.size > 65_536) {
            setReadError('This file is too large for a PEM key (at most 64 KB).');
            return;
          }
          void file.text().then(
            (text) => {
              setFileName(file.name);
              props.onPem(text);
            },
            () => setReadError('The file could not be read.'),
          );
        }}
      />
      <FieldNotes
        id={props.id}
        help={
          fileName
            ? `Read ${fileName}.`
            : 'PKCS#1 or PKCS#8, encrypted or not. It is stored encrypted; the file is not changed.'
        }
        error={error}
      />
    </div>
  );
}
