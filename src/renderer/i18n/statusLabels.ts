import {
  SANDBOX_AFTER_SALES_STATUSES,
  SANDBOX_ORDER_STATUSES,
  type StatusLabelMaps,
} from '../../shared/domain/defaultStatusLabels';
import { catalogs, type MessageId } from './catalogs';
import type { Locale } from './locales';

/**
 * Status labels as shown in the app's language. The labels are the merchant's (a profile's settings, or the
 * defaults): a label the merchant left at its default name is shown in the app's language ("Awaiting seller
 * review" → 待商家审核); a name the merchant gave is theirs and shown as written. What is stored never changes.
 */
const cache = new WeakMap<StatusLabelMaps, Map<Locale, StatusLabelMaps>>();

function translated(
  labels: Record<string, string>,
  defaults: Readonly<Record<string, string>>,
  prefix: 'status.order' | 'status.afterSales',
  locale: Locale,
): Record<string, string> {
  const catalog: Readonly<Record<string, string>> = catalogs[locale];
  return Object.fromEntries(
    Object.entries(labels).map(([code, label]) => {
      const id = `${prefix}.${code}` as MessageId;
      return [code, defaults[code] === label && catalog[id] !== undefined ? catalog[id] : label];
    }),
  );
}

export function displayLabels(labels: StatusLabelMaps, locale: Locale): StatusLabelMaps {
  if (locale === 'en') return labels;
  let byLocale = cache.get(labels);
  if (!byLocale) cache.set(labels, (byLocale = new Map()));
  let shown = byLocale.get(locale);
  if (!shown) {
    shown = {
      order: translated(labels.order, SANDBOX_ORDER_STATUSES, 'status.order', locale),
      afterSales: translated(labels.afterSales, SANDBOX_AFTER_SALES_STATUSES, 'status.afterSales', locale),
    };
    byLocale.set(locale, shown);
  }
  return shown;
}
