import { formatMoney } from '../../format/money';
import { MARK } from '../../i18n/marks';

/**
 * Revenue in a tile: each currency's amount on its own line (never a sum across currencies). Joined with " · " in one
 * run of text, seven currencies broke mid-pair in a tile 12 rem wide ("3,026,431.33 / USD · 1,853,285.84 / EUR ·");
 * more than two are set a little smaller so the tile stays near its neighbours' height.
 */
export function RevenueAmounts({ revenue }: { revenue: ReadonlyArray<{ currency: string; amount: string }> | null }) {
  const amounts = revenue ?? [];
  return (
    <span className="tile-value tile-money" data-many={amounts.length > 2 || undefined}>
      {revenue === null
        ? MARK.pending
        : amounts.length === 0
          ? MARK.none
          : amounts.map((r) => (
              <span key={r.currency} className="tile-amount">
                {r.currency ? formatMoney(r.amount, r.currency) : r.amount}
              </span>
            ))}
    </span>
  );
}
