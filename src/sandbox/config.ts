/** SandboxOptions with their defaults applied and checked. */
import { MAX_ORDERS } from './orderIds';
import { normalizePrefix } from './router';
import type { SandboxOptions } from './types';

export interface Config {
  host: string;
  port: number;
  orders: number;
  seed: number;
  merchantId: string;
  token: string;
  apiPrefix: string;
  platformPathPrefix: string;
  timestampWindowSeconds: number;
  authCodeTtlMs: number;
  now: () => number;
}

export function resolveConfig(o: SandboxOptions): Config {
  const c: Config = {
    host: o.host ?? '127.0.0.1',
    port: o.port ?? 0,
    orders: o.orders ?? 300,
    seed: o.seed ?? 1,
    merchantId: o.merchantId ?? 'sandbox-merchant',
    token: o.token ?? 'sandbox-token',
    apiPrefix: normalizePrefix(o.apiPrefix ?? '/merchant-api'),
    platformPathPrefix: normalizePrefix(o.platformPathPrefix ?? '/platform'),
    timestampWindowSeconds: o.timestampWindowSeconds ?? 300,
    authCodeTtlMs: o.authCodeTtlMs ?? 60_000,
    now: o.now ?? Date.now,
  };
  if (!Number.isInteger(c.port) || c.port < 0 || c.port > 65535)
    throw new RangeError(`port must be 0..65535, got ${c.port}`);
  if (!Number.isInteger(c.orders) || c.orders < 0 || c.orders > MAX_ORDERS)
    throw new RangeError(`orders must be an integer 0..${MAX_ORDERS}, got ${c.orders}`);
  if (!Number.isFinite(c.seed)) throw new RangeError(`seed must be a finite number, got ${c.seed}`);
  if (c.merchantId === '' || c.merchantId.includes('/'))
    throw new RangeError('merchantId must be non-empty and contain no "/"');
  if (c.token === '' || /\s/.test(c.token)) throw new RangeError('token must be non-empty and contain no whitespace');
  if (!(c.timestampWindowSeconds > 0)) throw new RangeError('timestampWindowSeconds must be > 0');
  if (!(c.authCodeTtlMs > 0)) throw new RangeError('authCodeTtlMs must be > 0');
  return c;
}
