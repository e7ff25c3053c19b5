import type { Notifications as NotificationSettings } from '../../core/profiles/profileSchema';
import { parseIsoInstant } from '../../shared/time/isoInstant';
import { createDueTimer } from '../../shared/time/dueTimer';
import type { DueMemoryStore } from './dueMemoryStore';
import { EMPTY_DUE_MEMORY, planDueNotifications, type DueMemory, type DueQueue } from './dueNotifications';
import type { NavigateTarget } from './notifications';
import type { AttentionCounts } from './trayModel';

/** What the shell reads of the attention queue (`orders:attention`'s data satisfies it). */
export interface AttentionAnswer {
  counts: AttentionCounts;
  rows: ReadonlyArray<{ kind: string; orderId: string; orderNum: string | null; dueAt: string | null }>;
  /** The next instant an order becomes due soon or overdue by the clock alone; null: none pending. */
  nextChangeAt: string | null;
}

export interface AttentionWatchPorts {
  /** The attention queue (`orders:attention`); null: not known. */
  attention(): Promise<AttentionAnswer | null>;
  /** The active profile's id and notification settings; null: no profile chosen. */
  profile(): { id: string; notifications: NotificationSettings } | null;
  /** A baseline sync is running: the cache is partial, and what it finds is no news. */
  baselineSync(): boolean;
  /** Where the due notifications already shown are kept across restarts; none: in memory only. */
  dueMemory?: DueMemoryStore | undefined;
  doNotDisturbUntilMs(): number | null;
  notificationsSupported(): boolean;
  /** The queue's counts (the tray's line). */
  onCounts(counts: AttentionCounts): void;
  /** The due notifications to show now. */
  show(notifications: ReadonlyArray<{ title: string; body: string; target: NavigateTarget }>): void;
  now(): number;
}

export interface AttentionWatch {
  /** Reads the queue once more (one read at a time; a request meanwhile reads once more after it). */
  look(): void;
  /** The baseline sync finished: the next look summarises what is overdue already instead of announcing it. */
  baselineDone(): void;
  /** A new profile: nothing of the previous one's first-look state carries over (its due memory stays with it). */
  reset(): void;
  /** An answer asked before is dropped; the due timer stops. */
  stop(): void;
}

const sameKeys = (a: Record<string, number>, b: Record<string, number>): boolean => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b);
};

/**
 * The attention queue watched for the tray and the due notifications: read after a sync, a change or a decision,
 * and again at the queue's next due-state change (an order becomes due soon or overdue by the clock alone).
 */
export function createAttentionWatch(ports: AttentionWatchPorts): AttentionWatch {
  let firstLookPending = false;
  /**
   * Due notifications already planned, per profile (a switch back does not replay them), read from the store the
   * first time a profile is looked at (a restart does not replay them either).
   */
  const dueMemories = new Map<string, DueMemory>();
  const rememberedFor = (profileId: string): DueMemory | undefined => {
    if (!dueMemories.has(profileId)) {
      const stored = ports.dueMemory?.read(profileId);
      if (stored) dueMemories.set(profileId, stored);
    }
    return dueMemories.get(profileId);
  };
  /** Bumped on stop: an answer asked before is dropped. */
  let generation = 0;
  let looking = false;
  let lookAgain = false;
  const dueTimer = createDueTimer({ onDue: () => look(), now: ports.now });

  function look(): void {
    if (ports.baselineSync()) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = true;
    const asked = generation;
    void ports
      .attention()
      .then((answer) => {
        if (answer && asked === generation && !ports.baselineSync()) onAnswer(answer);
      })
      .catch((error: unknown) => console.warn('[main] the attention queue could not be read:', error))
      .finally(() => {
        looking = false;
        if (lookAgain) {
          lookAgain = false;
          look();
        }
      });
  }

  function onAnswer(answer: AttentionAnswer): void {
    dueTimer.arm(answer.nextChangeAt);
    ports.onCounts(answer.counts);
    const profile = ports.profile();
    if (!profile) return;
    const known = rememberedFor(profile.id);
    // Nothing ever planned for this profile (or its memory is lost): what is overdue already is no news either.
    const firstLook = firstLookPending || known === undefined;
    firstLookPending = false;
    const queue: DueQueue = {
      counts: answer.counts,
      rows: answer.rows.map((r) => ({
        kind: r.kind,
        orderId: r.orderId,
        orderNum: r.orderNum,
        dueMs: parseIsoInstant(r.dueAt) ?? null,
      })),
    };
    const plan = planDueNotifications(queue, known ?? EMPTY_DUE_MEMORY, {
      settings: profile.notifications,
      nowMs: ports.now(),
      doNotDisturbUntilMs: ports.doNotDisturbUntilMs(),
      firstLook,
    });
    // Remembered even when nothing can be shown: an unsupported or paused centre does not replay it later.
    dueMemories.set(profile.id, plan.memory);
    if (known === undefined || !sameKeys(known.seen, plan.memory.seen)) ports.dueMemory?.write(profile.id, plan.memory);
    if (ports.notificationsSupported()) ports.show(plan.notifications);
  }

  return {
    look,
    baselineDone() {
      firstLookPending = true;
    },
    reset() {
      firstLookPending = false;
    },
    stop() {
      generation += 1;
      dueTimer.cancel();
    },
  };
}
