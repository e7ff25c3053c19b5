/**
 * The item ID of a login link, checked as the contract checks it (`itemIdSchema` of src/shared/domain/requests.ts:
 * a whole number from 1 to 2⁶³−1, digits only) before anything is sent, without pulling zod into the page.
 * itemId.test.ts holds the two to the same answers.
 */
const MAX_ID = 9223372036854775807n;

export type ItemIdCheck = { ok: true; value: string } | { ok: false; message: string };

export function checkItemId(text: string): ItemIdCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: 'Enter the item ID (the product ID of an order item).' };
  if (!/^\d{1,40}$/.test(trimmed))
    return {
      ok: false,
      message: 'The item ID must be a positive whole number (digits only), e.g. 1234567890123456789.',
    };
  const value = BigInt(trimmed);
  if (value < 1n || value > MAX_ID) return { ok: false, message: `The item ID must be between 1 and ${MAX_ID}.` };
  return { ok: true, value: value.toString() };
}
