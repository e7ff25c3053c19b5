import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The browser host's checks of who is asking. It holds the same secrets as Electron main, on a port any local
 * process or web page can reach, so every request must prove three things:
 *  - Host is 127.0.0.1:<port> or localhost:<port> — a page on another name that resolves to 127.0.0.1 (DNS
 *    rebinding) is refused even though its requests arrive here;
 *  - Origin, on every state-changing request and on the WebSocket upgrade, is this host itself — another site
 *    cannot make the page's browser call us (the session cookie is SameSite=Strict too);
 *  - the session cookie, got by exchanging the start-up token, is present — other local users and processes
 *    cannot call us without the token printed on our stdout.
 */

/** A fresh 256-bit secret, URL-safe (the start-up token, the session cookie's value). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of a presented secret with the expected one. */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The Host header, when it names this server on loopback; undefined otherwise. */
export function allowedHost(req: IncomingMessage, port: number): string | undefined {
  const host = req.headers.host;
  return host === `127.0.0.1:${port}` || host === `localhost:${port}` ? host : undefined;
}

/** True when the Origin header is this very host (scheme, name and port as the page was loaded). */
export function sameOrigin(req: IncomingMessage, host: string): boolean {
  return req.headers.origin === `http://${host}`;
}

/** The session cookie's name: per port, because cookies are not port-specific and two hosts may run at once. */
export function sessionCookieName(port: number): string {
  return `merchant_desk_session_${port}`;
}

export function readCookie(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** HttpOnly (the page's scripts never see it), SameSite=Strict (no other site's request carries it). */
export function sessionCookie(name: string, value: string): string {
  return `${name}=${value}; HttpOnly; SameSite=Strict; Path=/`;
}
