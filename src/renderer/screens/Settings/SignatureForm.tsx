import { useState, type FormEvent } from 'react';
import type { ProfileView } from '../../stores/profilesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';

type SignatureProfile = ProfileView['signatureProfile'];

const modes: Record<SignatureProfile['mode'], string> = {
  canonical: 'Canonical: method, path, timestamp, nonce and body, one per line',
  body: 'Body only',
  template: 'Template',
};

/** How buyer-sync requests are signed, as the platform expects (the spec leaves it to the platform). */
export function SignatureForm({ profile }: { profile: ProfileView }) {
  const save = useSettingsStore((s) => s.save);
  const updateSignature = useSettingsStore((s) => s.updateSignature);
  const [draft, setDraft] = useState<SignatureProfile>(profile.signatureProfile);
  const errors = save.section === 'signature' ? save.fieldErrors : {};
  const templateError = errors['signatureProfile.template'] ?? errors['signatureProfile'];
  const unchanged = JSON.stringify(draft) === JSON.stringify(profile.signatureProfile);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { template, ...rest } = draft;
    await updateSignature(profile.id, draft.mode === 'template' ? { ...rest, template: template ?? '' } : rest);
  };
  return (
    <form className="settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="signature-title" noValidate>
      <h3 id="signature-title">Signature profile ({profile.name})</h3>
      <div className="settings-field">
        <label htmlFor="signature-mode">What is signed</label>
        <select
          id="signature-mode"
          value={draft.mode}
          onChange={(e) => setDraft((d) => ({ ...d, mode: e.target.value as SignatureProfile['mode'] }))}
        >
          {Object.entries(modes).map(([mode, text]) => (
            <option key={mode} value={mode}>
              {text}
            </option>
          ))}
        </select>
      </div>
      {draft.mode === 'template' && (
        <div className="settings-field">
          <label htmlFor="signature-template">Template</label>
          <textarea
            id="signature-template"
            rows={3}
            value={draft.template ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, template: e.target.value }))}
            aria-invalid={templateError ? true : undefined}
            aria-describedby="signature-template-help"
          />
          <p id="signature-template-help" className="settings-help">
            Placeholders {'{method}'}, {'{path}'}, {'{timestamp}'}, {'{nonce}'}, {'{body}'}, {'{merchant}'}; \n and \t
            are a line break and a tab. The inspector below shows the result.
          </p>
          {templateError && <p className="settings-field-error">{templateError}</p>}
        </div>
      )}
      <div className="settings-field">
        <label htmlFor="signature-algorithm">Algorithm</label>
        <select
          id="signature-algorithm"
          value={draft.algorithm}
          onChange={(e) => setDraft((d) => ({ ...d, algorithm: e.target.value as SignatureProfile['algorithm'] }))}
        >
          <option value="RSA-SHA256">RSA-SHA256</option>
          <option value="RSA-SHA1">RSA-SHA1</option>
          <option value="RSA-PSS-SHA256">RSA-PSS-SHA256</option>
        </select>
      </div>
      <div className="settings-actions">
        <button type="submit" disabled={unchanged || save.status === 'saving'}>
          Save
        </button>
        <SaveStatus section="signature" />
      </div>
    </form>
  );
}
