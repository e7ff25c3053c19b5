/**
 * The one guard in front of every `<img src>` of the order detail: an image is loaded only when its URL (taken
 * from the order itself) is an absolute https URL with a host and no credentials. Anything else — http, data:,
 * javascript:, a relative path, a file URL — is shown to the merchant as text and never requested, so an order's
 * content cannot make the page talk plain HTTP or reach local files.
 */
export function loadableImageUrl(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = text.trim();
  if (!/^https:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url.href;
}
