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

/**
 * Whether a host is this computer, the local network or otherwise not a public internet host: loopback, private,
 * link-local, shared (CGNAT), unspecified, multicast and reserved IPv4 ranges (whatever form the URL wrote them in:
 * the URL parser turns `2130706433` or `0x7f.1` into 127.0.0.1), the IPv6 equivalents (an IPv4-mapped address is
 * judged by its IPv4 part), `localhost` and the local-only names (`.local`, `.internal`, `.lan`, `.home.arpa`). An
 * order's image is never fetched from such a host, not even on a click: it would be a blind request from the
 * merchant's computer into their own network. (A public name that resolves to a private address cannot be told
 * from here; such a host is not on the allow-list, so its images wait for a click.)
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)) return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) return privateV4(v4.slice(1).map(Number) as [number, number, number, number]);
  if (host.startsWith('[') && host.endsWith(']')) return privateV6(host.slice(1, -1));
  return false;
}

function privateV4([a, b, c]: [number, number, number, number]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 0 && c === 0) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

function privateV6(address: string): boolean {
  // The URL parser writes IPv6 compressed and in lower case; an IPv4-mapped one as ::ffff:7f00:1.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return privateV4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  }
  if (address === '::' || address === '::1') return true;
  const first = parseInt(address.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    address.startsWith('::') // IPv4-compatible and other reserved forms at the start of the space
  );
}

/**
 * What the page does with one image URL of an order:
 *  - `load`: https, a public host on the allow-list (the platform's own image hosts and any the merchant added);
 *  - `ask`: https and public, but another host: shown as a "load" button — fetching it tells that host (a buyer's
 *    server, say) that and when the merchant looked, and from which IP address;
 *  - `refused`: not https, or a private/loopback host: shown as text, never requested.
 */
export type ImageDecision =
  | { kind: 'load'; src: string }
  | { kind: 'ask'; src: string; host: string }
  | { kind: 'refused'; why: 'not-https' | 'private-host' };

export function imageDecision(text: unknown, allowedHosts: ReadonlySet<string>): ImageDecision {
  const src = loadableImageUrl(text);
  if (src === null) return { kind: 'refused', why: 'not-https' };
  const host = new URL(src).hostname.toLowerCase();
  if (isPrivateHost(host)) return { kind: 'refused', why: 'private-host' };
  return allowedHosts.has(host) ? { kind: 'load', src } : { kind: 'ask', src, host };
}

/**
 * The default allow-list for an order: the hosts of the platform's own product images in it (each item's
 * `productSkuImagesUrl`, which come from the platform's catalogue, not from the buyer), plus the merchant's own
 * additions. Private hosts never count.
 */
export function allowedImageHosts(
  items: ReadonlyArray<{ productSkuImagesUrl?: unknown }>,
  extra: readonly string[] = [],
): Set<string> {
  const hosts = new Set<string>();
  for (const item of items) {
    const urls = Array.isArray(item.productSkuImagesUrl) ? (item.productSkuImagesUrl as unknown[]) : [];
    for (const url of urls) {
      const src = loadableImageUrl(url);
      if (src !== null) hosts.add(new URL(src).hostname.toLowerCase());
    }
  }
  for (const host of extra) hosts.add(host.trim().toLowerCase());
  for (const host of hosts) if (host === '' || isPrivateHost(host)) hosts.delete(host);
  return hosts;
}
