import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { profileFileName } from '../../core/cache/openCache';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../core/paths/privateFiles';
import type { DueMemory } from './dueNotifications';

/**
 * Which due-soon / overdue orders the desktop app has already announced, per profile, kept across restarts so a
 * restart neither re-announces them nor turns them into a "past the deadline" summary. State of the desktop shell
 * (the notifier), not of the order cache: `<data dir>/due-notified/<profile>.json`, owner-only (order IDs are
 * merchant data), written whole and renamed into place. It holds only orders still due (the planner prunes it).
 * A missing, damaged or foreign file reads as "nothing remembered": the next look is a first look (one summary).
 */
export const DUE_MEMORY_DIR = 'due-notified';
const VERSION = 1;

export interface DueMemoryStore {
  /** The profile's memory; undefined when nothing is remembered (never looked, or the file is unreadable). */
  read(profileId: string): DueMemory | undefined;
  /** Replaces the profile's memory. A failure is reported to `warn`, never thrown: notifying goes on. */
  write(profileId: string, memory: DueMemory): void;
}

export function dueMemoryFile(dataDir: string, profileId: string): string {
  return path.join(dataDir, DUE_MEMORY_DIR, `${profileFileName(profileId)}.json`);
}

function parsed(text: string): DueMemory | undefined {
  const raw = JSON.parse(text) as { version?: unknown; seen?: unknown } | null;
  if (raw?.version !== VERSION || typeof raw.seen !== 'object' || raw.seen === null) return undefined;
  const seen: Record<string, number> = {};
  for (const [key, dueMs] of Object.entries(raw.seen))
    if (typeof dueMs === 'number' && Number.isFinite(dueMs) && /^\S+ (due-soon|overdue) -?\d+$/.test(key))
      seen[key] = dueMs;
  return { seen };
}

export function fileDueMemoryStore(dataDir: string, warn: (message: string) => void = console.warn): DueMemoryStore {
  return {
    read(profileId) {
      const file = dueMemoryFile(dataDir, profileId);
      try {
        return parsed(readFileSync(file, 'utf8'));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
          warn(`[main] the due-notification memory ${file} is unreadable; starting afresh.`);
        return undefined;
      }
    },
    write(profileId, memory) {
      const file = dueMemoryFile(dataDir, profileId);
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        ensurePrivateDir(path.dirname(file));
        writeFileSync(tmp, JSON.stringify({ version: VERSION, seen: memory.seen }), { mode: PRIVATE_FILE_MODE });
        renameSync(tmp, file);
      } catch (e) {
        try {
          rmSync(tmp, { force: true });
        } catch {
          // Nothing was written (the folder itself is missing or not a folder).
        }
        warn(`[main] the due-notification memory ${file} was not saved: ${(e as NodeJS.ErrnoException).code ?? e}`);
      }
    },
  };
}
