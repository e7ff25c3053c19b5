import { translate as t } from '../i18n/t';
/**
 * The item ID of a login link, checked as the contract checks it (`itemIdSchema` of src/shared/domain/requests.ts:
 * a whole number from 1 to 2⁶³−1, digits only) before anything is sent, without pulling zod into the page.
 * itemId.test.ts holds the two to the same answers.
 */
/** The message is in the app's language at the time of the check. */
const MAX_ID = 9223372036854775807n;

export type ItemIdCheck = { ok: true; value: string } | { ok: false; message: string };

export function checkItemId(text: string): ItemIdCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: t('itemId.empty') };
  if (!/^\d{1,40}$/.test(trimmed)) return { ok: false, message: t('itemId.digits') };
  const value = BigInt(trimmed);
  if (value < 1n || value > MAX_ID) return { ok: false, message: t('itemId.range', { max: MAX_ID.toString() }) };
  return { ok: true, value: value.toString() };
}
