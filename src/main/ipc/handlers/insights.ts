import { getInsights } from '../../../core/app/insights';
import type { IpcImplementations } from '../../../shared/ipc/contract';
import type { OrdersApp } from './orders';
import { answer, withOpenSession } from './useCaseResult';

/** `insights:get` in process: the use case's figures are the channel's data as they are. */
export function insightsHandlers(app: Pick<OrdersApp, 'session'>): Pick<IpcImplementations, 'insights:get'> {
  return {
    'insights:get': (request) =>
      withOpenSession(
        () => app.session(),
        (s) => answer(getInsights(s, request), (d) => d),
      ),
  };
}
