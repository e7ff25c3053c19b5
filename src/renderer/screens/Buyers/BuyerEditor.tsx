import { currentLocale } from '../../i18n/localeStore';
import { Button } from '../../components/ui/Button';
import { useT } from '../../i18n/t';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useBuyersStore, type SavedBuyer } from '../../stores/buyersStore';
import { checkBuyer, emptyBuyer, fieldProblems, type BuyerFields } from './buyerForm';

/** Add a buyer, or edit one (its user number is its key and stays). Saved locally; nothing is sent to the platform. */
export function BuyerEditor({ editing, onDone }: { editing: SavedBuyer | null; onDone: () => void }) {
  const id = useId();
  const [fields, setFields] = useState<BuyerFields>(
    editing
      ? {
          merchantUserNo: editing.merchantUserNo,
          email: editing.email,
          firstName: editing.firstName ?? '',
          lastName: editing.lastName ?? '',
        }
      : emptyBuyer,
  );
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  const saveError = useBuyersStore((s) => s.saveError);
  const save = useBuyersStore((s) => s.save);
  const t = useT();

  const field = (name: keyof BuyerFields, label: string, options: { type?: string; readOnly?: boolean } = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={options.type ?? 'text'}
        value={fields[name]}
        readOnly={options.readOnly}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${id}-${name}-problem` : undefined}
        onChange={(e) => {
          setFields({ ...fields, [name]: e.target.value });
          if (problems[name]) setProblems({ ...problems, [name]: undefined });
        }}
      />
      {problems[name] && (
        <span id={`${id}-${name}-problem`} className="field-problem">
          {problems[name]}
        </span>
      )}
    </div>
  );

  return (
    <form
      className="buyer-editor"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        const checked = checkBuyer(fields);
        if (!checked.ok) return setProblems(fieldProblems(checked.problems, t, currentLocale()));
        void save(checked.value).then((saved) => saved && onDone());
      }}
    >
      <h2 id={`${id}-title`}>{editing ? t('buyers.edit.title', { user: editing.merchantUserNo }) : t('buyers.add')}</h2>
      <div className="field-row">
        {field('merchantUserNo', t('buyers.field.merchantUserNo'), { readOnly: editing !== null })}
        {field('email', t('buyers.field.email'), { type: 'email' })}
        {field('firstName', t('buyers.field.firstName'))}
        {field('lastName', t('buyers.field.lastName'))}
      </div>
      {saveError && <ErrorNotice error={saveError} title={t('buyers.notSaved')} />}
      <div className="actions">
        <Button type="submit" variant="primary">
          {t('common.save')}
        </Button>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
