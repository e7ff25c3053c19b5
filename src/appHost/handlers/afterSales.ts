import { decideAfterSales, type DecisionOutcome } from '../../core/app/afterSales';
import type { Session } from '../../core/app/session';
import type { Result } from '../../core/result';
import type { ChangeEvent } from '../../core/sync/changeEvents';
import type { AppError } from '../../shared/errors/appError';
import type { IpcImplementations } from '../../shared/ipc/contract';
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

/** The decision policy (check, send once, re-fetch, cache) is the use case's; this only carries it across. */
export function afterSalesHandlers(app: AfterSalesApp): Pick<IpcImplementations, 'afterSales:decide'> {
  return {
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
