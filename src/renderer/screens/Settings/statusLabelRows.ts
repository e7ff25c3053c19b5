import { translate } from '../../i18n/t';

/**
 * The status labels editor's rows: a status value (a whole number, stored as its decimal text) and the merchant's
 * name for it. Rows are edited as text and turned back into the stored map only when every row is sound; the hints
 * mirror the core's rules (whole number, name 1–60 characters), the host's answer stays the authority.
 */
export interface LabelRow {
  /** Stable across edits (React key). */
  key: string;
  value: string;
  name: string;
}

let next = 0;
const newKey = () => `row-${(next += 1)}`;

export function rowsOf(map: Readonly<Record<string, string>>): LabelRow[] {
  return Object.entries(map)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([value, name]) => ({ key: newKey(), value, name }));
}

export const emptyRow = (): LabelRow => ({ key: newKey(), value: '', name: '' });

/** Per-row problems, by row key; empty when the rows can be saved. */
export function rowHints(rows: readonly LabelRow[]): Record<string, string> {
  const hints: Record<string, string> = {};
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row.value.trim();
    if (!/^-?\d{1,9}$/.test(value)) hints[row.key] = translate('labels.hint.notWhole');
    else if (seen.has(String(Number(value)))) hints[row.key] = translate('labels.hint.twice', { value });
    else if (row.name.trim() === '') hints[row.key] = translate('labels.hint.noName');
    else if (row.name.trim().length > 60) hints[row.key] = translate('labels.hint.tooLong', { max: 60 });
    if (/^-?\d{1,9}$/.test(value)) seen.add(String(Number(value)));
  }
  return hints;
}

/** The rows as the stored map ("03" → "3"). */
export function mapOf(rows: readonly LabelRow[]): Record<string, string> {
  return Object.fromEntries(rows.map((r) => [String(Number(r.value.trim())), r.name.trim()]));
}
