import { z } from 'zod';
import { idText } from './requests';
import { MAX_SELECTED_ORDERS } from './orderSelectionLimit';

export { MAX_SELECTED_ORDERS } from './orderSelectionLimit';

/** A selection of orders by ID: one to MAX_SELECTED_ORDERS distinct decimal IDs. */
export const selectedOrderIds = z
  .array(idText('order id'))
  .min(1, 'a selection needs at least one order')
  .max(
    MAX_SELECTED_ORDERS,
    `a selection may name at most ${MAX_SELECTED_ORDERS.toLocaleString('en-US')} orders; export the view instead`,
  )
  .transform((ids) => [...new Set(ids)]);
