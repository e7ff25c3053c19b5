import { MARK } from '../i18n/marks';
import { formatDateTime, formatShortDateTime, instantMs } from '../format/time';

/**
 * A platform time in the merchant's locale and zone; the platform's own value on hover. `short`: the locale's short
 * form, for a list's column (the full form is on the order's page).
 */
export function DateTime({ value, short = false }: { value: string | null | undefined; short?: boolean }) {
  const ms = instantMs(value);
  if (ms === undefined) return <span className="muted">{value ?? MARK.none}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={value ?? undefined}>
      {short ? formatShortDateTime(ms) : formatDateTime(ms)}
    </time>
  );
}
