import { z } from 'zod';
import { idText } from './requests';

/**
 * The most orders one selection may name (the list's "Export selected"). A selection travels as a list of IDs
 * through the bridge and into one statement; past this the merchant exports the view (every matching order) instead,
 * which streams in pages whatever the count.
 */
export const MAX_SELECTED_ORDERS = 10_000;

/** A selection of orders by ID: one to MAX_SELECTED_ORDERS distinct decimal IDs. */
export const selectedOrderIds = z
  .array(idText('order id'))
  .min(1, 'a selection needs at least one order')
  .max(
    MAX_SELECTED_ORDERS,
    `a selection may name at most ${MAX_SELECTED_ORDERS.toLocaleString('en-US')} orders; export the view instead`,
  )
  .transform((ids) => [...new Set(ids)]);
