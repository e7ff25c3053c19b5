import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { useProfileSetupStore } from '../../stores/profileSetupStore';
import type { ProfileView } from '../../stores/profilesStore';
import { issuesByField } from '../../../shared/forms/profileForm';
import { useT } from '../../i18n/t';

/** Renames a profile in place (its ID, and so its files, stay). */
export function RenameForm({ profile, onDone }: { profile: ProfileView; onDone(): void }) {
  const rename = useProfileSetupStore((s) => s.rename);
  const renameProfile = useProfileSetupStore((s) => s.renameProfile);
  const [name, setName] = useState(profile.name);
  const [hint, setHint] = useState<string | null>(null);
  const t = useT();
  const hostError = rename.status === 'failed' ? (issuesByField(rename.error).name ?? rename.error?.message) : null;
  const error = hint ?? hostError;
  const id = `rename-${profile.id}`;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return setHint(t('profiles.nameBlank'));
    setHint(null);
    if (await renameProfile(profile.id, name.trim())) onDone();
  };
  return (
    <form className="settings-form-inline" onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {t('profiles.newName', { id: profile.id })}
      </label>
      <input
        id={id}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onKeyDown={(e) => e.key === 'Escape' && onDone()}
        autoFocus
      />
      <Button type="submit" disabled={rename.status === 'loading'}>
        {t('profiles.saveName')}
      </Button>
      <Button onClick={onDone}>{t('common.cancel')}</Button>
      {error && (
        <p id={`${id}-error`} className="settings-field-error">
          {error}
        </p>
      )}
    </form>
  );
}
