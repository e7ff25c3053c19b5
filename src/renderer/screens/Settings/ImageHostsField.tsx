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
  return (
    <div className="settings-field">
      <label htmlFor="image-hosts">More hosts whose order images load at once (one per line)</label>
      <textarea
        id="image-hosts"
        rows={3}
        placeholder="images.example.com"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="image-hosts-help"
        aria-invalid={error !== undefined}
      />
      <p id="image-hosts-help" className={error ? 'settings-field-error' : 'settings-help'}>
        {error ??
          'The platform’s own product-image hosts always load. Images a buyer links from anywhere else wait for a click: loading one tells that server when and from where you opened the order. Hosts on this computer or your local network are never loaded.'}
      </p>
    </div>
  );
}
