import type { MessageId } from '../../i18n/catalogs';
import type { Locale } from '../../i18n/locales';
import type { Translate } from '../../i18n/t';
import { buyerSyncRequestSchema, itemIdSchema } from '../../../shared/domain/requests';
import type { BuyerEntry } from './matchBuyers';

/**
 * The buyer form and the item ID of a login link, checked with the contract's own schemas before anything is sent
 * (the host checks again): the merchant sees the problem at the field, and no authorization code is spent on an
 * item ID the platform cannot serve.
 */

export interface BuyerFields {
  merchantUserNo: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const emptyBuyer: BuyerFields = { merchantUserNo: '', email: '', firstName: '', lastName: '' };

export type { BuyerEntry } from './matchBuyers';
export { matchBuyers } from './matchBuyers';

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Partial<Record<string, string>> };

export function checkBuyer(fields: BuyerFields): Checked<BuyerEntry> {
  const parsed = buyerSyncRequestSchema.safeParse({
    merchantUserNo: fields.merchantUserNo,
    email: fields.email,
    ...(fields.firstName.trim() ? { firstName: fields.firstName } : {}),
    ...(fields.lastName.trim() ? { lastName: fields.lastName } : {}),
  });
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    problems[field] ??= issue.message;
  }
  return { ok: false, problems };
}

export function checkItemId(text: string): Checked<string> {
  const parsed = itemIdSchema.safeParse(text.trim());
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problems: { itemId: parsed.error.issues[0]?.message ?? 'not a valid item ID' } };
}

const FIELD_PROBLEMS: Record<string, MessageId> = {
  merchantUserNo: 'buyers.problem.merchantUserNo',
  email: 'buyers.problem.email',
  firstName: 'buyers.problem.name',
  lastName: 'buyers.problem.name',
  itemId: 'buyers.problem.itemId',
};

/**
 * The problems of a check in the app's language: the contract's schemas word them in English (the host and the
 * CLI speak it), shown as they are in English; in another language each field's problem is said by the field.
 */
export function fieldProblems(
  problems: Partial<Record<string, string>>,
  t: Translate,
  locale: Locale,
): Partial<Record<string, string>> {
  if (locale === 'en') return problems;
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => {
      const id = FIELD_PROBLEMS[field];
      return [field, id ? t(id) : (message ?? '')];
    }),
  );
}
