import { useT } from '../../i18n/t';
import { useId } from 'react';
import type { Tristate } from '../../stores/orderFilters';
import { Select } from '../../components/ui/Select';

/** Any / with / without: one of the cache's flags. */
export function TristateFilter({
  label,
  value,
  onCommit,
  yes,
  no,
}: {
  label: string;
  value: Tristate;
  onCommit(value: Tristate): void;
  yes: string;
  no: string;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className="filter-field">
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} onChange={(e) => onCommit(e.target.value as Tristate)}>
        <option value="any">{t('filters.any')}</option>
        <option value="yes">{yes}</option>
        <option value="no">{no}</option>
      </Select>
    </div>
  );
}
