/**
 * The HTML the browser host serves: the built renderer page with the bridge script added and its CSP adapted,
 * and the small exchange page that turns the start-up token into the session cookie.
 */

export const ROUTES = {
  login: '/_md/login.js',
  session: '/_md/session',
  bridge: '/_md/bridge.js',
  invoke: '/_md/invoke',
  events: '/_md/events',
  /** Followed by a one-time ID: an export offered by `orders:export` (exportDownloads.ts). */
  exportDownload: '/_md/export/',
} as const;

const META_CSP = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;

/**
 * The app's own policy (the built page's CSP meta) with one change: the page may talk to this host —
 * `connect-src` 'self' plus the WebSocket URL of this host (the packaged app needs no connections and has 'none').
 * Everything else (scripts only from the page's own origin, no inline script, no objects...) stays as built.
 */
export function browserHostPolicy(appPolicy: string, host: string): string {
  const directives = appPolicy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !/^connect-src\b/i.test(d));
  return [...directives, `connect-src 'self' ws://${host}`].join('; ');
}

/** The policy in the built page's meta tag; the page must have one (it is the app's CSP). */
export function appPolicyOf(html: string): string {
  const match = META_CSP.exec(html);
  if (!match?.[2]) throw new Error('the built renderer page has no Content-Security-Policy meta tag');
  return match[2];
}

/** The CSP header value: the policy, and no framing by any other page (a meta tag cannot say that). */
export function cspHeader(policy: string): string {
  return `${policy}; frame-ancestors 'none'`;
}

/** The renderer page for this host: its meta CSP replaced by `policy` and the bridge loaded before the app. */
export function appHtml(html: string, policy: string): string {
  // A classic script in <head> runs before the app's module script (modules are deferred), so
  // window.merchantDesk exists before the app's first line, as with the preload.
  return html
    .replace(META_CSP, (_m, open: string, _old: string, close: string) => `${open}${policy}${close}`)
    .replace(/<\/head>/i, `  <script src="${ROUTES.bridge}"></script>\n  </head>`);
}

/** Served at / without a session: exchanges the token in the URL's fragment for the cookie, then loads the app. */
export function loginHtml(): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Merchant Desk</title>
    <script src="${ROUTES.login}"></script>
  </head>
  <body>
    <p id="message">Open the address <code>merchant-desk ui</code> printed: it carries this session's access token.</p>
  </body>
</html>
`;
}

/** The CSP of the exchange page: its one script, one request to this host, nothing else. */
export const LOGIN_POLICY =
  "default-src 'none'; script-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'";
