import { MARK } from '../../i18n/marks';
import { memo, type Ref } from 'react';
import { CircleAlert, Gavel, Undo2 } from 'lucide-react';
import { DateTime } from '../../components/DateTime';
import { Money } from '../../components/Money';
import { badgeTitle, StatusBadge, statusLabel, statusTone } from '../../components/StatusChip';
import { Badge } from '../../components/ui/Badge';
import type { SortKey } from '../../stores/orderFilters';
import type { OrderRow } from './orderRow';
import { useT } from '../../i18n/t';
import { PlatformText } from '../../components/PlatformText';

interface Props {
  ref?: Ref<HTMLTableRowElement>;
  index: number;
  row: OrderRow;
  selected: boolean;
  /** Ticked for a bulk action (the selection's checkbox). */
  checked: boolean;
  /** The checkbox was clicked: tick or untick this order (`range`: Shift held, from the anchor to here). */
  onCheck(id: string, range: boolean): void;
  /** The one row Tab reaches (the selected one, else the first). */
  tabbable: boolean;
  /** The time the list is sorted by: the times column shows it. */
  sortKey: SortKey;
  /** The lowest-priority column shown (columns.ts): a narrow list leaves cells out. */
  priority: number;
  orderLabels: Record<string, string> | undefined;
  afterSalesLabels: Record<string, string> | undefined;
  /** Delivery status names in the app's language (built once per language by the table, not per row). */
  deliveryLabels: Readonly<Record<string, string>>;
  onOpen(id: string): void;
  /** The row got focus (a click, Tab): it becomes the selected one. */
  onSelect(id: string): void;
}

/**
 * One order of the list, on one line: every cell is cut with an ellipsis and read in full on hover (its title) and in
 * the order's page. A narrow list leaves out its low-priority cells (columns.ts). A click (or Enter, handled by the
 * table) opens the order.
 */
export const OrderTableRow = memo(function OrderTableRow({
  ref,
  index,
  row,
  selected,
  checked,
  onCheck,
  tabbable,
  sortKey,
  priority,
  orderLabels,
  afterSalesLabels,
  deliveryLabels,
  onOpen,
  onSelect,
}: Props) {
  const t = useT();
  const showPaid = sortKey === 'paid';
  // Worded only for a row that shows it (each message formatted costs, and a filter change renders ~30 rows).
  const afterSalesText = row.afterSales ? t('table.afterSales') : '';
  // In the narrow Flags column the status is what is read first ("After-sales: …" was all that showed): the icon
  // says after-sales to the eye, hidden words to readers, the hover text says both.
  const afterSalesFlag =
    row.afterSales && row.afterSalesStatus !== null ? (
      <>
        <span className="visually-hidden">{t('table.afterSalesPrefix')}</span>
        {statusLabel(row.afterSalesStatus, afterSalesLabels)}
      </>
    ) : (
      afterSalesText
    );
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
      <td
        className="orders-select"
        onClick={(e) => {
          // The checkbox (or the space around it) ticks; the rest of the row opens the order.
          e.stopPropagation();
          onCheck(row.id, e.shiftKey);
        }}
        onMouseDown={(e) => {
          // Shift+click picks a range of rows, not a range of text.
          if (e.shiftKey) e.preventDefault();
        }}
      >
        <input
          type="checkbox"
          className="orders-checkbox"
          tabIndex={-1}
          checked={checked}
          onChange={() => {
            // The cell's click decides (with Shift for a range); the box shows the store's answer.
          }}
          aria-label={t('selection.selectRow', { num: row.orderNum ?? row.id })}
        />
      </td>
      <td className="orders-num">
        <PlatformText value={row.orderNum ?? row.id} clamp />
      </td>
      {priority >= 2 && (
        <td className="orders-times">
          {showPaid ? (
            row.payTime ? (
              <DateTime value={row.payTime} short />
            ) : (
              <span className="muted">{t('table.notPaid')}</span>
            )
          ) : (
            <DateTime value={row.createTime} short />
          )}
        </td>
      )}
      {priority >= 1 && (
        <td className="orders-buyer">
          {row.buyer !== null ? <PlatformText value={row.buyer} clamp /> : <span className="muted">{MARK.none}</span>}
        </td>
      )}
      {priority >= 3 && (
        <td className="orders-item">
          {row.firstItemTitle !== null ? (
            <PlatformText value={row.firstItemTitle} clamp />
          ) : (
            <span className="muted">{t('table.noItems')}</span>
          )}
          {row.moreItems > 0 && <span className="muted"> {t('table.moreItems', { count: row.moreItems })}</span>}
        </td>
      )}
      <td className="orders-total">
        <Money amount={row.total} currency={row.currency} />
      </td>
      <td className="orders-status">
        <StatusBadge kind="order" value={row.orderStatus} labels={orderLabels} />
      </td>
      {priority >= 4 && (
        <td className="orders-delivery">
          {row.deliveryStatus !== null && (
            <StatusBadge kind="delivery" value={row.deliveryStatus} labels={deliveryLabels} />
          )}
        </td>
      )}
      {priority >= 2 && (
        <td className="orders-flags">
          <span className="orders-chips">
            {row.deliveryException && (
              <Badge tone="critical" icon={CircleAlert} title={t('table.deliveryException')}>
                {t('table.deliveryExceptionFlag')}
              </Badge>
            )}
            {row.afterSales && (
              <Badge
                tone={
                  row.afterSalesStatus !== null
                    ? statusTone('afterSales', row.afterSalesStatus, afterSalesLabels).tone
                    : 'attention'
                }
                icon={Undo2}
                title={
                  row.afterSalesStatus !== null
                    ? badgeTitle(
                        'afterSales',
                        row.afterSalesStatus,
                        statusLabel(row.afterSalesStatus, afterSalesLabels),
                      )
                    : afterSalesText
                }
              >
                {afterSalesFlag}
              </Badge>
            )}
            {row.dispute && (
              <Badge tone="critical" icon={Gavel} title={t('table.dispute')}>
                {t('table.dispute')}
              </Badge>
            )}
          </span>
        </td>
      )}
    </tr>
  );
});
