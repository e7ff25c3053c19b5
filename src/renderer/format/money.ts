/**
 * Money in the order's currency with the merchant's locale. The platform sends amounts as decimal strings or
 * numbers; they are shown as sent when they are not a finite number or the currency code is not ISO 4217-shaped.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return undefined;
  let formatter = formatters.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      return undefined;
    }
    formatters.set(currency, formatter);
  }
  return formatter;
}

export function formatMoney(amount: string | number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = typeof amount === 'number' ? amount : Number(amount);
  const formatter = currency ? formatterFor(currency.toUpperCase()) : undefined;
  if (!Number.isFinite(value) || !formatter) return currency ? `${String(amount)} ${currency}` : String(amount);
  return formatter.format(value);
}
