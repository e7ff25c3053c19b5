/** Single-use, short-lived authorization codes issued by buyer sync and redeemed by the landing page. */
import { randomBytes, randomInt } from 'node:crypto';

export interface AuthCodeRecord {
  code: string;
  merchantUserNo: string;
  userId: string;
  issuedAtMs: number;
  expiresAtMs: number;
  consumedAtMs?: number;
  consumedItemId?: string;
}

export type RedeemResult = { ok: true; record: AuthCodeRecord } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * A new code: 31 Base64 characters and a trailing '=', always with at least one '+' (and usually '/'), so a
 * client that forgets to URL-encode it is caught: an unencoded '+' arrives as a space and the code is unknown.
 */
export function newAuthorizationCode(): string {
  const chars = randomBytes(23).toString('base64').split('');
  if (!chars.includes('+')) chars[randomInt(0, 31)] = '+';
  return chars.join('');
}

export class AuthCodeStore {
  private readonly codes = new Map<string, AuthCodeRecord>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  issue(merchantUserNo: string, userId: string): AuthCodeRecord {
    let code = newAuthorizationCode();
    while (this.codes.has(code)) code = newAuthorizationCode();
    const issuedAtMs = this.now();
    const record: AuthCodeRecord = { code, merchantUserNo, userId, issuedAtMs, expiresAtMs: issuedAtMs + this.ttlMs };
    this.codes.set(code, record);
    return record;
  }

  /** Valid while now < expiresAt and not yet used; a successful redeem consumes the code. */
  redeem(code: string, itemId: string): RedeemResult {
    const record = this.codes.get(code);
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.consumedAtMs !== undefined) return { ok: false, reason: 'used' };
    const now = this.now();
    if (now >= record.expiresAtMs) return { ok: false, reason: 'expired' };
    record.consumedAtMs = now;
    record.consumedItemId = itemId;
    return { ok: true, record };
  }

  isConsumed(code: string): boolean {
    return this.codes.get(code)?.consumedAtMs !== undefined;
  }

  get(code: string): AuthCodeRecord | undefined {
    return this.codes.get(code);
  }

  /** Every code issued so far, oldest first. */
  issued(): AuthCodeRecord[] {
    return [...this.codes.values()];
  }
}
