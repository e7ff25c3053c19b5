import { err } from '../../core/result';
import type { AppError } from '../../shared/errors/appError';
import { afterSalesHandlers, type AfterSalesApp } from './afterSales';
import { buyersHandlers, type BuyersApp } from './buyers';
import { ordersHandlers, type OrdersApp } from './orders';
import { syncHandlers, type SyncApp } from './sync';

/** What the platform-facing handler domains need from their host: the open session and the shell's ports. */
export type UseCaseApp = OrdersApp & AfterSalesApp & BuyersApp & SyncApp;

export function useCaseHandlers(
  app: UseCaseApp,
): ReturnType<typeof ordersHandlers> &
  ReturnType<typeof afterSalesHandlers> &
  ReturnType<typeof buyersHandlers> &
  ReturnType<typeof syncHandlers> {
  return { ...ordersHandlers(app), ...afterSalesHandlers(app), ...buyersHandlers(app), ...syncHandlers(app) };
}

/**
 * A host with no profile session wired yet (the Electron main process until the core host serves the use-case
 * layer): every call answers a `settings` error instead of failing the contract.
 */
export function noSessionApp(): UseCaseApp {
  const none: AppError = {
    kind: 'settings',
    code: 'no-session',
    message: 'No profile is open in this window yet.',
    action: 'Open a profile first.',
  };
  return {
    session: () => err(none),
    sync: () => err(none),
    clipboard: { writeSecret: () => {} },
    openExternal: async () => {},
    clipboardClearMs: () => null,
  };
}
