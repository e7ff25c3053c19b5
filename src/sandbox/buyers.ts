/** Buyer accounts created by buyer sync: one per merchantUserNo, with a stable 64-bit platform userId. */
import { createHash } from 'node:crypto';

export interface BuyerAccount {
  merchantUserNo: string;
  /** 64-bit decimal string, stable for a merchantUserNo and seed. */
  userId: string;
  email: string;
  firstName?: string;
  lastName?: string;
  createdAtMs: number;
  updatedAtMs: number;
  syncCount: number;
}

export interface BuyerSyncInput {
  merchantUserNo: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

export class BuyerRegistry {
  private readonly byUserNo = new Map<string, BuyerAccount>();
  private readonly usedUserIds = new Set<string>();
  private changeCount = 0;

  constructor(private readonly seed: number) {}

  /** Grows with every upsert (see OrderStore.revision). */
  get revision(): number {
    return this.changeCount;
  }

  /** Puts saved accounts back (see persistentState.ts). */
  restore(accounts: readonly BuyerAccount[]): void {
    for (const a of accounts) {
      this.byUserNo.set(a.merchantUserNo, { ...a });
      this.usedUserIds.add(a.userId);
    }
  }

  get size(): number {
    return this.byUserNo.size;
  }

  get(merchantUserNo: string): BuyerAccount | undefined {
    return this.byUserNo.get(merchantUserNo);
  }

  all(): BuyerAccount[] {
    return [...this.byUserNo.values()];
  }

  /** Creates the account, or updates e-mail and names of an existing one (same userId). */
  upsert(input: BuyerSyncInput, nowMs: number): BuyerAccount {
    this.changeCount++;
    const existing = this.byUserNo.get(input.merchantUserNo);
    if (existing) {
      existing.email = input.email;
      if (input.firstName !== undefined) existing.firstName = input.firstName;
      if (input.lastName !== undefined) existing.lastName = input.lastName;
      existing.updatedAtMs = nowMs;
      existing.syncCount++;
      return existing;
    }
    const account: BuyerAccount = {
      merchantUserNo: input.merchantUserNo,
      userId: this.newUserId(input.merchantUserNo),
      email: input.email,
      createdAtMs: nowMs,
      updatedAtMs: nowMs,
      syncCount: 1,
    };
    if (input.firstName !== undefined) account.firstName = input.firstName;
    if (input.lastName !== undefined) account.lastName = input.lastName;
    this.byUserNo.set(input.merchantUserNo, account);
    return account;
  }

  /** Derived from seed + merchantUserNo: in [2^60, 2^63), so always 19 digits and above 2^53. */
  private newUserId(merchantUserNo: string): string {
    for (let attempt = 0; ; attempt++) {
      const digest = createHash('sha256').update(`${this.seed}\u0000${merchantUserNo}\u0000${attempt}`).digest();
      const raw = digest.readBigUInt64BE(0);
      const id = ((raw % (7n << 60n)) + (1n << 60n)).toString();
      if (!this.usedUserIds.has(id)) {
        this.usedUserIds.add(id);
        return id;
      }
    }
  }
}
