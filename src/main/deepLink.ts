import { orderListQueryObject } from '../shared/domain/requests';
import { mainTargetScreens, ORDER_SCREEN, type MainTargetScreen } from '../shared/screens';

/**
 * Deep links the app accepts from the operating system (a second launch, `open-url`): `merchantdesk://order/<id>`
 * (an order's page) and `merchantdesk://<screen>` for the screens the screen table lets main open (`orders`,
 * `attention`, `after-sales`). Anything else is refused with a reason, so a crafted link never reaches routing.
 */
export const DEEP_LINK_SCHEME = 'merchantdesk:';
/** Far above the longest valid link (`merchantdesk://order/` + 19 digits); longer text is refused unread. */
export const DEEP_LINK_MAX_LENGTH = 64;

export type DeepLink = { kind: 'order'; orderId: string } | { kind: 'screen'; screen: MainTargetScreen };

export type DeepLinkRefusal =
  | 'too-long'
  | 'not-a-url'
  | 'wrong-scheme'
  | 'credentials'
  | 'query-or-fragment'
  | 'unknown-target'
  | 'invalid-order-id';

export type DeepLinkResult = { ok: true; link: DeepLink } | { ok: false; reason: DeepLinkRefusal };

/** The same order-id rule the requests use (1 … 2^63−1). */
const orderIdSchema = orderListQueryObject.shape.id.unwrap();

const ORDER_LINK = new RegExp(`^merchantdesk://${ORDER_SCREEN}/([^/]+)$`);

const refuse = (reason: DeepLinkRefusal): DeepLinkResult => ({ ok: false, reason });

export function parseDeepLink(raw: string): DeepLinkResult {
  if (raw.length > DEEP_LINK_MAX_LENGTH) return refuse('too-long');
  // Checked on the raw text, before URL parsing normalises it: no whitespace or control characters, no
  // percent-encoding (an id is plain digits, so any escape is a disguise), no backslashes.
  if (!/^[\x21-\x7e]+$/.test(raw) || /[%\\]/.test(raw)) return refuse('not-a-url');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('not-a-url');
  }
  if (url.protocol !== DEEP_LINK_SCHEME) return refuse('wrong-scheme');
  if (url.username !== '' || url.password !== '' || raw.includes('@')) return refuse('credentials');
  if (raw.includes('?') || raw.includes('#')) return refuse('query-or-fragment');
  // The exact text is matched (not the parsed parts) so no port, dot segment or case variant slips through.
  const screen = mainTargetScreens.find((name) => raw === `${DEEP_LINK_SCHEME}//${name}`);
  if (screen !== undefined) return { ok: true, link: { kind: 'screen', screen } };
  const match = ORDER_LINK.exec(raw);
  if (match === null) return refuse('unknown-target');
  const id = match[1]!;
  const parsed = orderIdSchema.safeParse(id);
  // Canonical spelling only: "0042" or " 42" names the same order in the request schema but is not a link we mint.
  if (!parsed.success || parsed.data !== id) return refuse('invalid-order-id');
  return { ok: true, link: { kind: 'order', orderId: parsed.data } };
}
