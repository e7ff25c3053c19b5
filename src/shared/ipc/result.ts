import { z } from 'zod';
import { ipcErrorKinds, type IpcErrorKind } from './errorKinds';

/**
 * Every answer across the bridge is a Result value: `{ ok: true, data }` or `{ ok: false, error }` (the error kinds:
 * errorKinds.ts).
 */
export { ipcErrorKinds, type IpcErrorKind } from './errorKinds';

/** What re-fetching an order showed after a call with an unknown outcome. */
export const ipcFoundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('found'), summary: z.string(), order: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ kind: z.literal('not-found') }).strict(),
  z.object({ kind: z.literal('recheck-failed'), message: z.string() }).strict(),
]);

export const ipcErrorSchema = z
  .object({
    kind: z.enum(ipcErrorKinds),
    /** A machine-readable detail: the platform's envelope code, an HTTP status, or the gate's reason. */
    code: z.string().min(1).optional(),
    /** One or a few sentences for a person. Never holds a secret. */
    message: z.string().min(1),
    /** What the merchant can do about it. */
    action: z.string().min(1).optional(),
    /** Per-field problems of invalid input (path as dotted field names). */
    issues: z.array(z.object({ path: z.string(), message: z.string() }).strict()).optional(),
    /** For `outcome-unknown` and `host-restarted`: what a re-check found. */
    found: ipcFoundSchema.optional(),
  })
  .strict();

export type IpcError = z.output<typeof ipcErrorSchema>;

/** The Result schema of a channel whose data is `data`. */
export function ipcResultSchema<D extends z.ZodType>(data: D) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }).strict(),
    z.object({ ok: z.literal(false), error: ipcErrorSchema }).strict(),
  ]);
}

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };

export const okResult = <T>(data: T): { ok: true; data: T } => ({ ok: true, data });

export function errorResult(kind: IpcErrorKind, message: string, extra: Omit<IpcError, 'kind' | 'message'> = {}) {
  return { ok: false as const, error: { kind, message, ...extra } };
}
