import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import type { LabelRow } from './statusLabelRows';
import { emptyRow } from './statusLabelRows';

/** One table of status value → name rows, editable by keyboard (add, change, remove). */
export function LabelRowsEditor(props: {
  id: string;
  title: string;
  rows: LabelRow[];
  hints: Record<string, string>;
  onChange(rows: LabelRow[]): void;
}) {
  const { id, rows, onChange } = props;
  const t = useT();
  // Inside a sentence ("… from order statuses"); a no-op in a language without case.
  const inSentence = props.title.toLocaleLowerCase();
  const update = (key: string, change: Partial<LabelRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <fieldset className="settings-fieldset">
      <legend>{props.title}</legend>
      <table className="settings-table labels-table">
        <thead>
          <tr>
            <th scope="col">{t('labels.column.value')}</th>
            <th scope="col">{t('labels.column.name')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('labels.column.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const hint = props.hints[row.key];
            const hintId = `${id}-${row.key}-error`;
            return (
              <tr key={row.key}>
                <td>
                  <input
                    aria-label={t('labels.valueOfRow', { table: props.title, row: i + 1 })}
                    inputMode="numeric"
                    className="label-value"
                    value={row.value}
                    onChange={(e) => update(row.key, { value: e.target.value })}
                    aria-invalid={hint ? true : undefined}
                    aria-describedby={hint ? hintId : undefined}
                  />
                </td>
                <td>
                  <input
                    aria-label={t('labels.nameOfRow', { table: props.title, row: i + 1 })}
                    value={row.name}
                    maxLength={60}
                    onChange={(e) => update(row.key, { name: e.target.value })}
                    aria-invalid={hint ? true : undefined}
                    aria-describedby={hint ? hintId : undefined}
                  />
                  {hint && (
                    <p id={hintId} className="settings-field-error">
                      {hint}
                    </p>
                  )}
                </td>
                <td>
                  <Button
                    onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                    aria-label={
                      row.value
                        ? t('labels.removeRow', { table: inSentence, row: i + 1, value: row.value })
                        : t('labels.removeEmptyRow', { table: inSentence, row: i + 1 })
                    }
                  >
                    {t('labels.remove')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Button onClick={() => onChange([...rows, emptyRow()])}>{t('labels.add', { table: inSentence })}</Button>
    </fieldset>
  );
}
