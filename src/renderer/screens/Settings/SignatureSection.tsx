import { useT } from '../../i18n/t';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { SignatureForm } from './SignatureForm';
import { SignatureInspector } from './SignatureInspector';

/** The active profile's signature settings and the inspector that shows their result. */
export function SignatureSection() {
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  const t = useT();
  return (
    <div className="settings-section">
      <h2>{t('settings.section.signature')}</h2>
      {profile ? (
        <>
          <SignatureForm key={`${profile.id}:${JSON.stringify(profile.signatureProfile)}`} profile={profile} />
          <SignatureInspector profileId={profile.id} />
        </>
      ) : (
        <p className="muted">{t('signature.noProfile')}</p>
      )}
    </div>
  );
}
