import { sectionScreens, type ScreenName } from '../../shared/screens';
import { translate as t } from '../i18n/t';

/** One line of the command palette. */
export type PaletteCommand =
  | { kind: 'screen'; label: string; screen: ScreenName }
  | { kind: 'order'; label: string; orderNum: string }
  /** A cached order found by its ID or by the search (buyer, item, order number). */
  | { kind: 'open-order'; label: string; orderId: string }
  /** A saved buyer: the Buyers screen, searched for them. */
  | { kind: 'buyer'; label: string; merchantUserNo: string }
  | { kind: 'action'; label: string; action: 'sync' | 'theme-light' | 'theme-dark' | 'theme-system' | 'help' }
  | { kind: 'profile'; label: string; profileId: string };

// Labels in the language in force when the palette is typed in (the palette is drawn again on every key).
const screenCommands = (): PaletteCommand[] =>
  sectionScreens.map((screen) => ({
    kind: 'screen',
    label: t('palette.goToScreen', { screen: t(`screen.${screen}`) }),
    screen,
  }));

const actionCommands = (): PaletteCommand[] => [
  { kind: 'action', label: t('palette.sync'), action: 'sync' },
  { kind: 'action', label: t('palette.themeLight'), action: 'theme-light' },
  { kind: 'action', label: t('palette.themeDark'), action: 'theme-dark' },
  { kind: 'action', label: t('palette.themeSystem'), action: 'theme-system' },
  { kind: 'action', label: t('palette.help'), action: 'help' },
];

/** Text that may be an order number: letters, digits and a few separators, no spaces, at least one digit. */
const ORDER_NUMBER = /^(?=[^\d]*\d)[A-Za-z0-9][A-Za-z0-9_-]{2,63}$/;

/**
 * The commands matching what was typed: every word must appear in the label (case- and accent-insensitive); text
 * shaped like an order number adds "Go to order …" first.
 */
export function paletteCommands(
  typed: string,
  profiles: ReadonlyArray<{ id: string; name: string; active: boolean }>,
): PaletteCommand[] {
  const query = typed.trim();
  const all: PaletteCommand[] = [
    ...screenCommands(),
    ...actionCommands(),
    ...profiles
      .filter((p) => !p.active)
      .map((p): PaletteCommand => ({
        kind: 'profile',
        label: t('palette.switchProfile', { name: p.name || p.id }),
        profileId: p.id,
      })),
  ];
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matching = all.filter((c) => words.every((w) => fold(c.label).includes(w)));
  if (ORDER_NUMBER.test(query))
    matching.unshift({ kind: 'order', label: t('palette.goToOrder', { orderNum: query }), orderNum: query });
  return matching;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whole digits: may be an order's platform ID. */
export const ORDER_ID = /^\d{1,20}$/;

/** A cached order as the palette lists it. */
export interface FoundOrder {
  id: string;
  orderNum: string | null;
  buyerName: string | null;
}

/** A saved buyer as the palette lists them. */
export interface FoundBuyer {
  merchantUserNo: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The lines the lookups add: the order whose ID was typed, then the orders the search found (by buyer, order number,
 * item), then the saved buyers matching — each once.
 */
export function lookupCommands(
  byId: readonly FoundOrder[],
  bySearch: readonly FoundOrder[],
  buyers: readonly FoundBuyer[],
): PaletteCommand[] {
  const seen = new Set<string>();
  const orders: PaletteCommand[] = [];
  for (const [o, how] of [...byId.map((o) => [o, 'ID'] as const), ...bySearch.map((o) => [o, ''] as const)]) {
    if (seen.has(o.id)) continue;
    seen.add(o.id);
    const name = o.orderNum ?? o.id;
    const order = how === 'ID' ? t('palette.openOrderById', { name, id: o.id }) : t('palette.openOrder', { name });
    orders.push({
      kind: 'open-order',
      label: o.buyerName ? t('palette.withBuyer', { order, buyer: o.buyerName }) : order,
      orderId: o.id,
    });
  }
  const people = buyers.map((b): PaletteCommand => {
    const name = [b.firstName, b.lastName].filter(Boolean).join(' ');
    return {
      kind: 'buyer',
      label: name
        ? t('palette.buyerNamed', { name, email: b.email, merchantUserNo: b.merchantUserNo })
        : t('palette.buyer', { email: b.email, merchantUserNo: b.merchantUserNo }),
      merchantUserNo: b.merchantUserNo,
    };
  });
  return [...orders, ...people];
}
