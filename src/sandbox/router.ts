/** Maps method + path to a sandbox route. Path segments stay raw (percent-encoded) here. */
import type { TimeStyle } from './envelope';
import type { Endpoint } from './types';

export type Route =
  | { kind: 'orders' }
  | { kind: 'audit'; orderId: string }
  | { kind: 'buyer-sync'; merchant: string; ver: string }
  | { kind: 'landing'; itemId: string }
  /** Sandbox management (managementRoutes.ts): not a platform route, never faulted or counted. */
  | { kind: 'deliver'; orderId: string }
  | { kind: 'not-found'; style: TimeStyle };

export function endpointOf(route: Route): Endpoint | undefined {
  return route.kind === 'orders' || route.kind === 'audit' || route.kind === 'buyer-sync' ? route.kind : undefined;
}

/** '' or '/x/y' (leading slash, no trailing slash). */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The part of `path` after `prefix`, if `path` lies under it. */
function under(path: string, prefix: string): string | undefined {
  if (prefix === '') return path;
  return path.startsWith(prefix + '/') ? path.slice(prefix.length) : undefined;
}

const AUDIT = /^\/seller\/order\/([^/]+)\/after-sales\/seller-audit$/;
const BUYER_SYNC = /^\/pay-fac\/([^/]+)\/([^/]+)\/user$/;
const LANDING = /^\/items\/([^/]+)$/;
const DELIVER = /^\/_sandbox\/order\/([^/]+)\/deliver$/;

export class Router {
  constructor(
    private readonly apiPrefix: string,
    private readonly platformPrefix: string,
  ) {}

  match(method: string, rawUrl: string): Route {
    const path = rawUrl.split('?', 1)[0]!;
    if (method === 'POST') {
      const d = DELIVER.exec(path);
      if (d) return { kind: 'deliver', orderId: d[1]! };
    }
    const seller = under(path, this.apiPrefix);
    if (seller !== undefined && method === 'POST') {
      if (seller === '/seller/order') return { kind: 'orders' };
      const m = AUDIT.exec(seller);
      if (m) return { kind: 'audit', orderId: m[1]! };
    }
    const platform = under(path, this.platformPrefix);
    if (platform !== undefined) {
      if (method === 'POST') {
        const m = BUYER_SYNC.exec(platform);
        if (m) return { kind: 'buyer-sync', merchant: m[1]!, ver: m[2]! };
      }
      if (method === 'GET') {
        const m = LANDING.exec(platform);
        if (m) return { kind: 'landing', itemId: m[1]! };
      }
      if (seller === undefined || this.platformPrefix.length > this.apiPrefix.length)
        return { kind: 'not-found', style: 'buyer-sync' };
    }
    return { kind: 'not-found', style: 'seller' };
  }
}
