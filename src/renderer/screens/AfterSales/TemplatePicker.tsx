import { useT } from '../../i18n/t';
import { Select } from '../../components/ui/Select';
import { Button } from '../../components/ui/Button';
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
  const t = useT();

  const store = (next: ReasonTemplate[], done: string) => {
    const saved = saveTemplates(browserStorage(), next);
    setTemplates(next);
    setNote(saved ? done : t('afterSales.templates.notSaved'));
  };

  const canSave = name.trim() !== '' && reason.trim() !== '';
  const save = () => {
    if (!canSave) return;
    store(withTemplate(templates, { name, text: reason }), t('afterSales.templates.saved', { name: name.trim() }));
    setPicked(name.trim());
    setName('');
  };
  return (
    <fieldset className="templates">
      <legend>{t('afterSales.templates.legend')}</legend>
      <div className="field-row">
        <label htmlFor={pickId}>{t('afterSales.templates.pick')}</label>
        <Select
          id={pickId}
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            const found = templates.find((x) => x.name === e.target.value);
            if (found) onPick(found.text);
          }}
        >
          <option value="">
            {templates.length ? t('afterSales.templates.choose') : t('afterSales.templates.empty')}
          </option>
          {templates.map((x) => (
            <option key={x.name} value={x.name}>
              {x.name}
            </option>
          ))}
        </Select>
        <Button
          disabled={picked === ''}
          onClick={() => {
            store(withoutTemplate(templates, picked), t('afterSales.templates.deleted', { name: picked }));
            setPicked('');
          }}
        >
          {t('afterSales.templates.delete')}
        </Button>
      </div>
      <div className="field-row">
        <label htmlFor={nameId}>{t('afterSales.templates.name')}</label>
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
        <Button disabled={!canSave} onClick={save}>
          {t('afterSales.templates.save')}
        </Button>
      </div>
      <p className="muted" role="status">
        {note ?? (canSave || reason.trim() === '' ? '' : t('afterSales.templates.nameIt'))}
      </p>
    </fieldset>
  );
}
