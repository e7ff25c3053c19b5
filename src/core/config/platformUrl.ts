import { z } from 'zod';

/** Hosts where plain http never leaves the computer: the sandbox runs there. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** `scheme://user:password@host`: anything before an `@` in the authority, even empty. */
function hasUserInfo(text: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(text);
}

/**
 * A base URL setting ({base_url}, {platform_url}): http(s), no query or fragment, no user info, and https unless the
 * host is loopback. User info would be stored in plain text, shown in the profile list, sent as Basic auth and
 * copied into the SSO links given to buyers; plain http to another host would carry the access token, signed buyer
 * data and authorization codes unencrypted.
 */
export const platformUrlSchema = z
  .string()
  .trim()
  .superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      url = new URL('invalid:');
    }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an http(s) URL without query or fragment, e.g. https://api.example.com',
      });
    } else if (hasUserInfo(text)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'must not contain a user name or password (user:password@host): they would be stored in plain text and sent along; the platform is reached with the access token and the signing key',
      });
    } else if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      ctx.addIssue({
        code: 'custom',
        message: `must use https: plain http is accepted only for a loopback host (127.0.0.1, localhost, [::1]) such as the sandbox, because over http the access token and the buyers' data would cross the network unencrypted (use https://${url.host}${url.pathname === '/' ? '' : url.pathname})`,
      });
    }
  })
  .transform((s) => s.replace(/\/+$/, ''));
