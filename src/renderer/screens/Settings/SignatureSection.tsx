import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { SignatureForm } from './SignatureForm';
import { SignatureInspector } from './SignatureInspector';

/** The active profile's signature settings and the inspector that shows their result. */
export function SignatureSection() {
  const profile = activeProfile(useProfilesStore((s) => s.list.data));
  return (
    <div className="settings-section">
      <h2>Signature</h2>
      {profile ? (
        <>
          <SignatureForm key={`${profile.id}:${JSON.stringify(profile.signatureProfile)}`} profile={profile} />
          <SignatureInspector profileId={profile.id} />
        </>
      ) : (
        <p className="muted">No profile is active.</p>
      )}
    </div>
  );
}
