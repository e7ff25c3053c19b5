import { currentFormatLocale } from '../i18n/localeStore';

/**
 * Money as merchants compare it across markets: the amount in the app's locale with the currency's own decimals,
 * then the ISO 4217 code — "14.99 USD", "1,500 JPY" (never a symbol: "$" and "¥" each name several currencies).
 * The platform sends amounts as decimal strings or numbers; they are shown as sent when they are not a finite number
 * or the currency code is not ISO 4217-shaped. Formatters are built once per locale and currency.
 */
const formatters = new Map<string, Intl.NumberFormat | null>();

function formatterFor(currency: string, locale: string): Intl.NumberFormat | undefined {
  if (!/^[A-Z]{3}$/.test(currency)) return undefined;
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      // The currency's decimals (JPY 0, USD 2, BHD 3), applied to a plain number: the code follows it.
      const digits = new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions();
      formatter = new Intl.NumberFormat(locale, {
        minimumFractionDigits: digits.minimumFractionDigits,
        maximumFractionDigits: digits.maximumFractionDigits,
      });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter ?? undefined;
}

export function formatMoney(
  amount: string | number | null | undefined,
  currency: string | null | undefined,
  locale: string = currentFormatLocale(),
): string {
  if (amount === null || amount === undefined || amount === '') return '—';
  const value = typeof amount === 'number' ? amount : Number(amount);
  const code = currency?.toUpperCase();
  const formatter = code ? formatterFor(code, locale) : undefined;
  if (!Number.isFinite(value) || !formatter) return currency ? `${String(amount)} ${currency}` : String(amount);
  return `${formatter.format(value)} ${code}`;
}

/** A plain number in the app's locale ("12,345", "12,345.5"). */
export function formatNumber(
  value: number,
  options?: Intl.NumberFormatOptions,
  locale: string = currentFormatLocale(),
) {
  return new Intl.NumberFormat(locale, options).format(value);
}
