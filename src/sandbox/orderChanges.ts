/** What the sandbox's order store changed since generation, as plain JSON (saved by persistentState.ts). */
import type { SandboxOrder } from './orderTypes';

/** State the platform keeps but does not send. */
export interface Hidden {
  rejectDescription?: string;
  rejectImageUrls?: string[];
  auditedAtMs?: number;
  /** Every decision received for the order, in order (the sandbox's audit log; tests count decisions with it). */
  decisions?: Array<{ isApproved: boolean; atMs: number }>;
}

/**
 * With the seed, the count and the generation clock it rebuilds the same store (see persistentState.ts).
 */
export interface OrderStoreChanges {
  /** Orders added after generation, in the order they were added. */
  inserted: Array<{ createMs: number; generatedAtMs: number }>;
  /** Orders changed since generation: their slot, current wire object, hidden update time and hidden state. */
  changed: Array<{ slot: number; order: SandboxOrder; updateMs: number; hidden?: Hidden }>;
}
