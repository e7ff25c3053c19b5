import { MARK } from '../i18n/marks';
import { formatDateTime, instantMs } from '../format/time';

/** A platform time in the merchant's locale and zone; the platform's own value on hover. */
export function DateTime({ value }: { value: string | null | undefined }) {
  const ms = instantMs(value);
  if (ms === undefined) return <span className="muted">{value ?? MARK.none}</span>;
  return (
    <time dateTime={new Date(ms).toISOString()} title={value ?? undefined}>
      {formatDateTime(ms)}
    </time>
  );
}
