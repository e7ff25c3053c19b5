import { ContextualSaveBar } from '../../components/ui/ContextualSaveBar';
import { Select } from '../../components/ui/Select';
import { useContextualSave } from '../../components/ui/useContextualSave';
import { useT } from '../../i18n/t';
import type { ProfileView } from '../../stores/profilesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { SaveStatus } from './SaveStatus';
import { useLeaveWarning } from './useLeaveWarning';

type SignatureProfile = ProfileView['signatureProfile'];

const modes: readonly SignatureProfile['mode'][] = ['canonical', 'body', 'template'];
// Names of algorithms, the same in every language.
const algorithms: readonly SignatureProfile['algorithm'][] = ['RSA-SHA256', 'RSA-SHA1', 'RSA-PSS-SHA256'];

/** How buyer-sync requests are signed, as the platform expects (the spec leaves it to the platform). */
export function SignatureForm({ profile }: { profile: ProfileView }) {
  const save = useSettingsStore((s) => s.save);
  const updateSignature = useSettingsStore((s) => s.updateSignature);
  const t = useT();
  const form = useContextualSave(profile.signatureProfile, async (draft) => {
    const { template, ...rest } = draft;
    await updateSignature(profile.id, draft.mode === 'template' ? { ...rest, template: template ?? '' } : rest);
  });
  const { draft, setDraft } = form;
  useLeaveWarning(form.dirty, t('settings.section.signature'));
  const errors = save.section === 'signature' ? save.fieldErrors : {};
  const templateError = errors['signatureProfile.template'] ?? errors['signatureProfile'];
  return (
    <form className="settings-form" onSubmit={form.submit} aria-labelledby="signature-title" noValidate>
      <h3 id="signature-title">{t('signature.profile', { profile: profile.name })}</h3>
      <div className="settings-field">
        <label htmlFor="signature-mode">{t('signature.mode')}</label>
        <Select
          id="signature-mode"
          value={draft.mode}
          onChange={(e) => setDraft((d) => ({ ...d, mode: e.target.value as SignatureProfile['mode'] }))}
        >
          {modes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`signature.mode.${mode}`)}
            </option>
          ))}
        </Select>
      </div>
      {draft.mode === 'template' && (
        <div className="settings-field">
          <label htmlFor="signature-template">{t('signature.template')}</label>
          <textarea
            id="signature-template"
            rows={3}
            value={draft.template ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, template: e.target.value }))}
            aria-invalid={templateError ? true : undefined}
            aria-describedby="signature-template-help"
          />
          <p id="signature-template-help" className="settings-help">
            {t('signature.templateHelp', {
              placeholders: '{method}, {path}, {timestamp}, {nonce}, {body}, {merchant}',
              newline: '\\n',
              tab: '\\t',
            })}
          </p>
          {templateError && <p className="settings-field-error">{templateError}</p>}
        </div>
      )}
      <div className="settings-field">
        <label htmlFor="signature-algorithm">{t('signature.algorithm')}</label>
        <Select
          id="signature-algorithm"
          value={draft.algorithm}
          onChange={(e) => setDraft((d) => ({ ...d, algorithm: e.target.value as SignatureProfile['algorithm'] }))}
        >
          {algorithms.map((algorithm) => (
            <option key={algorithm} value={algorithm}>
              {algorithm}
            </option>
          ))}
        </Select>
      </div>
      <ContextualSaveBar {...form.bar} />
      <SaveStatus section="signature" />
    </form>
  );
}
