import type { OrderItem } from '../../../shared/domain/order';
import { Money } from '../../components/Money';
import { PlatformText } from '../../components/PlatformText';

const attrText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The items: title, SKU attributes, quantity, unit and total price in the order's currency. */
export function OrderItems({ items, currency }: { items: readonly OrderItem[]; currency: string | null | undefined }) {
  if (items.length === 0) return <p className="muted">The order lists no items.</p>;
  return (
    <div className="od-table-wrap" role="region" aria-label="Items table" tabIndex={0}>
      <table className="od-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU attributes</th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Unit price
            </th>
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item, i) => {
            const attrs = Object.entries(item.productSkuAttr ?? {});
            return (
              <tr key={`${item.productSkuId ?? ''}-${i}`}>
                <td>
                  <span className="od-item-title">
                    {item.productSpuTitle ? <PlatformText value={item.productSpuTitle} /> : '—'}
                  </span>
                  <span className="muted od-item-ids">
                    Product ID <PlatformText value={String(item.productSpuId ?? '—')} /> · SKU{' '}
                    <PlatformText value={String(item.productSkuNum ?? item.productSkuId ?? '—')} />
                  </span>
                </td>
                <td>
                  {attrs.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    <ul className="od-attrs">
                      {attrs.map(([name, value]) => (
                        <li key={name}>
                          <span className="muted">
                            <PlatformText value={name} />:
                          </span>{' '}
                          <PlatformText value={attrText(value)} controls="kept" />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="num">{item.quantity ?? '—'}</td>
                <td className="num">
                  <Money amount={item.originalCurrencyProductUnitPrice} currency={currency} />
                </td>
                <td className="num">
                  <Money amount={item.originalCurrencyProductTotalPrice} currency={currency} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
