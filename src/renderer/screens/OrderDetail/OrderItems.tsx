import { MARK } from '../../i18n/marks';
import { Msg, SPACE, useT } from '../../i18n/t';
import type { OrderItem } from '../../../shared/domain/order';
import { Money } from '../../components/Money';
import { PlatformText } from '../../components/PlatformText';

const attrText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The items: title, SKU attributes, quantity, unit and total price in the order's currency. */
export function OrderItems({ items, currency }: { items: readonly OrderItem[]; currency: string | null | undefined }) {
  const t = useT();
  if (items.length === 0) return <p className="muted">{t('detail.items.none')}</p>;
  return (
    <div className="od-table-wrap" role="region" aria-label={t('detail.items.table')} tabIndex={0}>
      <table className="od-table">
        <thead>
          <tr>
            <th scope="col">{t('detail.items.item')}</th>
            <th scope="col">{t('detail.items.sku')}</th>
            <th scope="col" className="num">
              {t('detail.items.quantity')}
            </th>
            <th scope="col" className="num">
              {t('detail.items.unitPrice')}
            </th>
            <th scope="col" className="num">
              {t('detail.items.total')}
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
                    {item.productSpuTitle ? <PlatformText value={item.productSpuTitle} /> : MARK.none}
                  </span>
                  <span className="muted od-item-ids">
                    <Msg
                      id="detail.items.ids"
                      values={{
                        product: <PlatformText value={String(item.productSpuId ?? MARK.none)} />,
                        sku: <PlatformText value={String(item.productSkuNum ?? item.productSkuId ?? MARK.none)} />,
                      }}
                    />
                  </span>
                </td>
                <td>
                  {attrs.length === 0 ? (
                    <span className="muted">{MARK.none}</span>
                  ) : (
                    <ul className="od-attrs">
                      {attrs.map(([name, value]) => (
                        <li key={name}>
                          <span className="muted">
                            <Msg id="detail.items.attr" values={{ name: <PlatformText value={name} /> }} />
                          </span>
                          {SPACE}
                          <PlatformText value={attrText(value)} controls="kept" />
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="num">{item.quantity ?? MARK.none}</td>
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
