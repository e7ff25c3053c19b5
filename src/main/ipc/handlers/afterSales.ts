import { decideAfterSales, type DecisionOutcome } from '../../../core/app/afterSales';
import type { Session } from '../../../core/app/session';
import type { Result } from '../../../core/result';
import type { AppError } from '../../../shared/errors/appError';
import type { IpcImplementations } from '../../../shared/ipc/contract';
import { answer, ipcErrorOf, withOpenSession } from './useCaseResult';

export interface AfterSalesApp {
  session(): Result<Session, AppError>;
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
        async (s) => answer(await decideAfterSales(s, request), decisionData),
      ),
  };
}
