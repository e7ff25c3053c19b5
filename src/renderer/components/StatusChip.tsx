import { translate } from '../i18n/t';
/** A status value with the merchant's label for it: "Paid (2)"; the bare number when no label is set. */
export function statusText(value: number | null | undefined, labels: Record<string, string> | undefined): string {
  if (value === null || value === undefined) return '—';
  const label = labels?.[String(value)];
  return label ? translate('status.withCode', { label, code: value }) : String(value);
}

export function StatusChip({
  value,
  labels,
  tone = 'neutral',
}: {
  value: number | null | undefined;
  labels?: Record<string, string> | undefined;
  tone?: 'neutral' | 'attention' | 'danger' | 'ok';
}) {
  return <span className={`chip chip-${tone}`}>{statusText(value, labels)}</span>;
}
