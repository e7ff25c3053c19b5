/**
 * The sandbox's data on disk, so a restart serves the same orders and decisions: one JSON file in the state
 * directory holding what generates the demo data (seed, count, generation clock), the data set's ID and every
 * change since (orders added or changed, buyer accounts). Written whole, atomically (temporary file + rename),
 * owner-only: the directory 0700, the file 0600 (it holds buyer e-mails).
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { BuyerAccount } from './buyers';
import { MAX_ORDERS } from './orderIds';
import type { OrderStoreChanges } from './orderStore';
import type { SandboxOrder } from './orderTypes';

export const STATE_FILE_NAME = 'sandbox-state.json';

/** What one data set is generated from. Two starts with the same facts serve the same data. */
export interface DataSetFacts {
  /** Random at creation; sent with every answer so a client's cache can tell two data sets apart. */
  dataSetId: string;
  seed: number;
  orders: number;
  generatedAtMs: number;
}

export interface SandboxState extends DataSetFacts {
  store: OrderStoreChanges;
  buyers: BuyerAccount[];
}

const finite = z.number().refine(Number.isFinite, 'must be a finite number');

const stateSchema = z.object({
  format: z.literal(1),
  dataSetId: z.string().min(1).max(100),
  seed: finite,
  orders: z.number().int().min(0).max(MAX_ORDERS),
  generatedAtMs: finite,
  store: z.object({
    inserted: z.array(z.object({ createMs: finite, generatedAtMs: finite })),
    changed: z.array(
      z.object({
        slot: z.number().int().min(0),
        order: z.looseObject({ id: z.string() }).transform((o) => o as unknown as SandboxOrder),
        updateMs: finite,
        hidden: z
          .object({
            rejectDescription: z.string().optional(),
            rejectImageUrls: z.array(z.string()).optional(),
            auditedAtMs: finite.optional(),
            decisions: z.array(z.object({ isApproved: z.boolean(), atMs: finite })).optional(),
          })
          .optional(),
      }),
    ),
  }),
  buyers: z.array(
    z.object({
      merchantUserNo: z.string(),
      userId: z.string().regex(/^\d{1,19}$/),
      email: z.string(),
      firstName: z.string().optional(),
      lastName: z.string().optional(),
      createdAtMs: finite,
      updatedAtMs: finite,
      syncCount: z.number().int().min(0),
    }),
  ),
});

/** The state file cannot be read or does not fit: the sandbox does not start rather than serve other data. */
export class SandboxStateError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`the sandbox state ${file} cannot be used: ${detail}`);
  }
}

export function stateFilePath(dir: string): string {
  return path.join(dir, STATE_FILE_NAME);
}

/** Creates the directory owner-only, and makes an existing one owner-only (POSIX; Windows ignores the modes). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** The saved state, or undefined when the directory holds none. */
export function readSandboxState(dir: string): SandboxState | undefined {
  const file = stateFilePath(dir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new SandboxStateError(file, (e as NodeJS.ErrnoException).code ?? String(e));
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SandboxStateError(file, 'it is not JSON (damaged?)');
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SandboxStateError(file, `${issue.path.join('.') || 'the file'}: ${issue.message}`);
  }
  const { format: _format, ...state } = parsed.data;
  return state;
}

/** Writes the whole state: a temporary file (0600) renamed over the old one, so a crash leaves one or the other. */
export function writeSandboxState(dir: string, state: SandboxState): void {
  ensurePrivateDir(dir);
  const file = stateFilePath(dir);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, JSON.stringify({ format: 1, ...state }), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  } catch (e) {
    rmSync(temporary, { force: true });
    throw e;
  }
}

/** Forgets the data set (`sandbox --reset`): the next start generates a new one with a new ID. */
export function removeSandboxState(dir: string): void {
  rmSync(stateFilePath(dir), { force: true });
}
