/**
 * The saved buyers' search (the Buyers screen's and the command palette's). Apart from buyerForm.ts, whose checks use
 * the contract's zod schemas: the palette is in the frame's first load, which builds no schema.
 */

export type BuyerEntry = { merchantUserNo: string; email: string; firstName?: string; lastName?: string };

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Saved buyers whose user number, e-mail or name contain every typed word (case- and accent-insensitive). */
export function matchBuyers<T extends BuyerEntry>(buyers: readonly T[], typed: string): T[] {
  const words = fold(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...buyers];
  return buyers.filter((b) => {
    const text = fold([b.merchantUserNo, b.email, b.firstName ?? '', b.lastName ?? ''].join(' '));
    return words.every((w) => text.includes(w));
  });
}
