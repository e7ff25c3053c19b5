import {
  checkDecision,
  decideAfterSales,
  decisionJournalEntries,
  decisionStatus,
  type CheckOutcome,
  type DecisionOutcome,
  type DecisionStatus,
} from '../../../core/app/afterSales';
import type { JournalEntry } from '../../../core/afterSales/decisionJournal';
import type { Session } from '../../../core/app/session';
import type { Result } from '../../../core/result';
import type { ChangeEvent } from '../../../core/sync/changeEvents';
import type { AppError } from '../../../shared/errors/appError';
import type { IpcImplementations } from '../../../shared/ipc/contract';
import { answer, ipcErrorOf, withOpenSession } from './useCaseResult';

export interface AfterSalesApp {
  session(): Result<Session, AppError>;
  /** Change events the decision's re-fetch revealed (published as `orders:changed`). */
  onChanges?(profileId: string, events: ChangeEvent[]): void;
}

/** The use case's value as the channel's data (shared with the host-routed handlers). */
export const decisionData = (o: DecisionOutcome) => ({
  orderId: o.orderId,
  approved: o.approved,
  order: o.order,
  refetchError: o.refetchError ? ipcErrorOf(o.refetchError) : null,
  cached: o.cached,
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const entryData = ({ sentAtMs, settledAtMs, ...rest }: JournalEntry) => ({
  ...rest,
  sentAt: new Date(sentAtMs).toISOString(),
  settledAt: iso(settledAtMs),
});

/** The journal use cases' values as the channels' data (shared with the host-routed handlers). */
export const journalData = {
  status: (s: DecisionStatus) => ({
    orderId: s.orderId,
    unsettled: s.unsettled ? entryData(s.unsettled) : null,
    entries: s.entries.map(entryData),
  }),
  journal: (j: { recent: JournalEntry[]; unsettled: JournalEntry[] }) => ({
    recent: j.recent.map(entryData),
    unsettled: j.unsettled.map(entryData),
  }),
  check: (c: CheckOutcome) => ({
    orderId: c.orderId,
    review: c.review,
    settled: c.settled ? entryData(c.settled) : null,
  }),
};

type AfterSalesChannels = 'afterSales:decide' | 'afterSales:status' | 'afterSales:journal' | 'afterSales:check';

/** The decision policy (check, send once, re-fetch, cache) is the use case's; this only carries it across. */
export function afterSalesHandlers(app: AfterSalesApp): Pick<IpcImplementations, AfterSalesChannels> {
  return {
    'afterSales:status': ({ orderId }) =>
      withOpenSession(
        () => app.session(),
        async (s) => answer(decisionStatus(s, orderId), journalData.status),
      ),
    'afterSales:journal': (request) =>
      withOpenSession(
        () => app.session(),
        async (s) => answer(decisionJournalEntries(s, request?.limit ?? 50), journalData.journal),
      ),
    'afterSales:check': ({ orderId }) =>
      withOpenSession(
        () => app.session(),
        async (s) => answer(await checkDecision(s, orderId), journalData.check),
      ),
    'afterSales:decide': (request) =>
      withOpenSession(
        () => app.session(),
        async (s) => {
          const r = await decideAfterSales(s, request);
          if (r.ok && r.value.events.length > 0) app.onChanges?.(s.profileId, r.value.events);
          return answer(r, decisionData);
        },
      ),
  };
}
