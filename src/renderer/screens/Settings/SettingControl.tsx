import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { FieldNotes, notesIds } from './FieldNotes';
import {
  fieldLabel,
  instantToLocalInput,
  localInputToInstant,
  settingLabel,
  shapeOf,
  type SettingLabel,
} from './settingsFields';

interface ControlProps {
  /** Dotted path from the settings root ("doNotDisturb.from"): the id, and the key of the host's issues. */
  path: string;
  name: string;
  value: unknown;
  label?: SettingLabel;
  errors: Partial<Record<string, string>>;
  onChange(value: unknown): void;
}

/** One setting's control, chosen from its value's shape (a group for an object, recursively). */
export function SettingControl({ path, name, value, label: given, errors, onChange }: ControlProps) {
  const t = useT();
  const label = given ?? settingLabel(name, t);
  const id = `setting-${path.replace(/\./g, '-')}`;
  const error = errors[path];
  const help = label.help;
  const described = notesIds(id, help, error);
  const notes = <FieldNotes id={id} help={help} error={error} />;
  const shape = shapeOf(value, label);
  switch (shape) {
    case 'boolean':
      return (
        <div className="settings-field">
          <label className="settings-choice">
            <input
              id={id}
              type="checkbox"
              checked={value as boolean}
              onChange={(e) => onChange(e.target.checked)}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
            />
            {label.label}
          </label>
          {notes}
        </div>
      );
    case 'number':
    case 'nullable-number': {
      const never = shape === 'nullable-number' && value === null;
      return (
        <div className="settings-field">
          <label htmlFor={id}>
            {label.unit ? t('setting.withUnit', { label: label.label, unit: label.unit }) : label.label}
          </label>
          <div className="settings-form-inline">
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={label.min}
              max={label.max}
              step={1}
              value={never ? '' : String(value)}
              disabled={never}
              onChange={(e) => onChange(e.target.value === '' ? 0 : Number(e.target.value))}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
            />
            {shape === 'nullable-number' && (
              <label className="settings-choice">
                <input
                  type="checkbox"
                  checked={never}
                  onChange={(e) => onChange(e.target.checked ? null : (label.whenEnabled ?? label.min ?? 0))}
                />
                {t('setting.never')}
              </label>
            )}
          </div>
          {notes}
        </div>
      );
    }
    case 'instant': {
      const off = value === null;
      return (
        <div className="settings-field">
          <label htmlFor={id}>{label.label}</label>
          <div className="settings-form-inline">
            <input
              id={id}
              type="datetime-local"
              value={instantToLocalInput(value as string | null)}
              onChange={(e) => onChange(localInputToInstant(e.target.value))}
              aria-invalid={error ? true : undefined}
              aria-describedby={described}
            />
            <Button onClick={() => onChange(new Date(Date.now() + 3_600_000).toISOString())}>
              {t('setting.forAnHour')}
            </Button>
            <Button onClick={() => onChange(null)} disabled={off}>
              {t('setting.off')}
            </Button>
          </div>
          {notes}
        </div>
      );
    }
    case 'time':
    case 'text':
      return (
        <div className="settings-field">
          <label htmlFor={id}>{label.label}</label>
          <input
            id={id}
            type={shape === 'time' ? 'time' : 'text'}
            value={value as string}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
          />
          {notes}
        </div>
      );
    case 'list':
      return (
        <div className="settings-field">
          <span>{label.label}</span>
          <p className="muted">{(value as unknown[]).map(String).join(', ') || t('setting.listEmpty')}</p>
        </div>
      );
    case 'group': {
      const group = value as Record<string, unknown>;
      return (
        <fieldset className="settings-fieldset">
          <legend>{label.label}</legend>
          {help && <p className="settings-help">{help}</p>}
          {Object.entries(group).map(([key, inner]) => (
            <SettingControl
              key={key}
              path={`${path}.${key}`}
              name={key}
              value={inner}
              label={{ label: fieldLabel(key, t) }}
              errors={errors}
              onChange={(next) => onChange({ ...group, [key]: next })}
            />
          ))}
          {error && <p className="settings-field-error">{error}</p>}
        </fieldset>
      );
    }
  }
}
