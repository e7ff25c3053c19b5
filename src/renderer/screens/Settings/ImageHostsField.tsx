import { useT } from '../../i18n/t';

/** The hosts a merchant typed, one per line (or separated by commas or spaces), lower-cased. */
export const hostsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');

/**
 * Which hosts' images an order shows at once. The platform's own product-image hosts always load; images from any
 * other host wait for a click (fetching one tells that host when and from where the order was looked at); hosts on
 * this computer or the local network never load. The merchant may add hosts they trust.
 */
export function ImageHostsField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <div className="settings-field">
      <label htmlFor="image-hosts">{t('imageHosts.label')}</label>
      <textarea
        id="image-hosts"
        rows={3}
        placeholder={t('imageHosts.placeholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="image-hosts-help"
        aria-invalid={error !== undefined}
      />
      <p id="image-hosts-help" className={error ? 'settings-field-error' : 'settings-help'}>
        {error ?? t('imageHosts.help')}
      </p>
    </div>
  );
}
