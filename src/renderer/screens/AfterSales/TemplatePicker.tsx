import { useId, useState } from 'react';
import {
  browserStorage,
  loadTemplates,
  saveTemplates,
  withoutTemplate,
  withTemplate,
  type ReasonTemplate,
} from './reasonTemplates';

/**
 * Saved reasons: pick one with the keyboard (a native select: arrows, type-ahead) to fill the reason, save the
 * current reason under a name, or delete the picked one.
 */
export function TemplatePicker({ reason, onPick }: { reason: string; onPick(text: string): void }) {
  const [loaded] = useState(() => loadTemplates(browserStorage()));
  const [templates, setTemplates] = useState<ReasonTemplate[]>(loaded.templates);
  const [picked, setPicked] = useState('');
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(loaded.problem);
  const pickId = useId();
  const nameId = useId();

  const store = (next: ReasonTemplate[], done: string) => {
    const saved = saveTemplates(browserStorage(), next);
    setTemplates(next);
    setNote(saved ? done : 'The templates could not be saved in this browser (storage full or unavailable).');
  };

  const canSave = name.trim() !== '' && reason.trim() !== '';
  const save = () => {
    if (!canSave) return;
    store(withTemplate(templates, { name, text: reason }), `Reason saved as template “${name.trim()}”.`);
    setPicked(name.trim());
    setName('');
  };
  return (
    <fieldset className="templates">
      <legend>Reason templates</legend>
      <div className="field-row">
        <label htmlFor={pickId}>Reason template</label>
        <select
          id={pickId}
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            const t = templates.find((x) => x.name === e.target.value);
            if (t) onPick(t.text);
          }}
        >
          <option value="">{templates.length ? 'Choose a saved reason…' : 'No saved reasons yet'}</option>
          {templates.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={picked === ''}
          onClick={() => {
            store(withoutTemplate(templates, picked), `Template “${picked}” deleted.`);
            setPicked('');
          }}
        >
          Delete template
        </button>
      </div>
      <div className="field-row">
        <label htmlFor={nameId}>Template name</label>
        <input
          id={nameId}
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          onKeyDown={(e) => {
            // Enter saves the template; it never submits (sends) the rejection.
            if (e.key === 'Enter') {
              e.preventDefault();
              save();
            }
          }}
        />
        <button type="button" disabled={!canSave} onClick={save}>
          Save reason as template
        </button>
      </div>
      <p className="muted" role="status">
        {note ?? (canSave || reason.trim() === '' ? '' : 'Name the template to save the reason.')}
      </p>
    </fieldset>
  );
}
