import type { Order } from '../../../shared/domain/order';

/** Test data: small but complete orders with 64-bit IDs (above 2^53) and ISO times. */
export function fakeOrder(seq: number, createMs: number, overrides: Partial<Order> = {}): Order {
  const id = (1_500_000_000_000_000_000n + BigInt(seq)).toString();
  return {
    id,
    orderNum: `SO${String(seq).padStart(8, '0')}`,
    masterOrderNum: `MO${String(seq).padStart(8, '0')}`,
    buyerId: (1_100_000_000_000_000_000n + BigInt(seq % 97)).toString(),
    buyerName: `Buyer ${seq % 97}`,
    orderStatus: 2,
    orderDeliveryStatus: 0,
    payTime: new Date(createMs + 60_000).toISOString(),
    createTime: new Date(createMs).toISOString(),
    deliveryType: 1,
    deliveryMethodName: 'Auto delivery',
    originalCurrencyProductPrice: '10.00',
    originalCurrencyCode: 'USD',
    originalCurrencySymbol: '$',
    orderDeliveryTotal: 1,
    deliveringNumber: 0,
    remark: '',
    isExistAfterSales: false,
    isExistDispute: false,
    orderItems: [
      {
        productSpuId: '100',
        productSkuId: '1000',
        productSpuTitle: seq % 2 === 0 ? 'Steam Wallet Card' : 'Netflix ギフトカード',
        quantity: 1,
        productSkuAttr: { Region: seq % 3 === 0 ? 'EU' : 'US', Denomination: '10' },
      },
    ],
    deliveryInfo: [],
    orderDeliveryList: [],
    deliveryErrorInfo: null,
    ...overrides,
  };
}
