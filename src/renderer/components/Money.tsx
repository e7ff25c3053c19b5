import { formatMoney } from '../format/money';

export function Money({ amount, currency }: { amount: string | number | null | undefined; currency?: string | null }) {
  return <span className="money">{formatMoney(amount, currency)}</span>;
}
