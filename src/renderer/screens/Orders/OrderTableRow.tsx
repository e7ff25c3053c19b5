import { MARK } from '../../i18n/marks';
import { memo, type Ref } from 'react';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { StatusChip, statusText } from '../../components/StatusChip';
import { type OrderRow } from './orderRow';
import { useT } from '../../i18n/t';
import { PlatformText } from '../../components/PlatformText';

interface Props {
  ref: Ref<HTMLTableRowElement>;
  index: number;
  row: OrderRow;
  selected: boolean;
  /** The one row Tab reaches (the selected one, else the first). */
  tabbable: boolean;
  orderLabels: Record<string, string> | undefined;
  afterSalesLabels: Record<string, string> | undefined;
  onOpen(id: string): void;
  /** The row got focus (a click, Tab): it becomes the selected one. */
  onSelect(id: string): void;
}

/** One order of the list; a click (or Enter, handled by the table) opens it. */
export const OrderTableRow = memo(function OrderTableRow({
  ref,
  index,
  row,
  selected,
  tabbable,
  orderLabels,
  afterSalesLabels,
  onOpen,
  onSelect,
}: Props) {
  const t = useT();
  return (
    <tr
      ref={ref}
      data-index={index}
      data-id={row.id}
      className="orders-row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      onClick={() => onOpen(row.id)}
      onFocus={() => {
        if (!selected) onSelect(row.id);
      }}
    >
      <td className="orders-num">
        <PlatformText value={row.orderNum ?? row.id} clamp />
      </td>
      <td className="orders-times">
        <DateTime value={row.createTime} />
        <span className="muted">
          {row.payTime ? (
            <>
              {t('table.paidAt')} <DateTime value={row.payTime} />
            </>
          ) : (
            t('table.notPaid')
          )}
        </span>
      </td>
      <td>
        {row.buyer !== null ? <PlatformText value={row.buyer} clamp /> : <span className="muted">{MARK.none}</span>}
      </td>
      <td className="orders-item">
        {row.firstItemTitle !== null ? (
          <PlatformText value={row.firstItemTitle} clamp />
        ) : (
          <span className="muted">{t('table.noItems')}</span>
        )}
        {row.moreItems > 0 && <span className="muted"> {t('table.moreItems', { count: row.moreItems })}</span>}
      </td>
      <td className="orders-total">
        <Money amount={row.total} currency={row.currency} />
      </td>
      <td>
        <StatusChip value={row.orderStatus} labels={orderLabels} />
      </td>
      <td>
        <span className="orders-chips">
          {row.deliveryStatus !== null && (
            <span className="chip">
              {row.deliveryStatus >= 0 && row.deliveryStatus <= 3
                ? t(`delivery.${row.deliveryStatus as 0 | 1 | 2 | 3}`)
                : String(row.deliveryStatus)}
            </span>
          )}
          {row.deliveryException && <span className="chip chip-danger">{t('table.deliveryException')}</span>}
        </span>
      </td>
      <td>
        <span className="orders-chips">
          {row.afterSales && (
            <span className="chip chip-attention">
              {row.afterSalesStatus !== null
                ? t('table.afterSalesWithStatus', { status: statusText(row.afterSalesStatus, afterSalesLabels) })
                : t('table.afterSales')}
            </span>
          )}
          {row.dispute && <span className="chip chip-danger">{t('table.dispute')}</span>}
        </span>
      </td>
    </tr>
  );
});
