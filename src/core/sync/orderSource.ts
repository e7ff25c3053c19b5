import type { OrderPage } from '../api/sellerApi';
import type { ApiError } from '../../shared/errors/apiError';
import type { OrderListQueryInput } from '../../shared/domain/requests';
import type { Result } from '../result';

/** Where orders come from: SellerApi in the app and CLI (a window's pages, an oversize page's smaller ones). */
export interface OrderSource {
  listOrders(input: OrderListQueryInput): Promise<Result<OrderPage, ApiError>>;
}
