import { useState } from 'react';
import { FieldNotes, notesIds } from './FieldNotes';
import { formatBytes } from './settingsFields';
import { useT } from '../../i18n/t';

const MAX_PEM_BYTES = 65_536;

/**
 * Picks a PEM private key file and reads it here, in the page (the renderer never names a path for the host); the
 * text goes to the host with the import and is dropped from the form right after.
 */
export function KeyFileInput(props: { id: string; onPem(pem: string): void; error?: string | undefined }) {
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const t = useT();
  const error = readError ?? props.error;
  return (
    <div className="settings-field">
      <label htmlFor={props.id}>{t('rsaKeyFile.label')}</label>
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
          if (file.size > MAX_PEM_BYTES) {
            setReadError(t('rsaKeyFile.tooLarge', { max: formatBytes(MAX_PEM_BYTES) }));
            return;
          }
          void file.text().then(
            (text) => {
              setFileName(file.name);
              props.onPem(text);
            },
            () => setReadError(t('rsaKeyFile.readFailed')),
          );
        }}
      />
      <FieldNotes
        id={props.id}
        help={fileName ? t('rsaKeyFile.read', { file: fileName }) : t('rsaKeyFile.help')}
        error={error}
      />
    </div>
  );
}
