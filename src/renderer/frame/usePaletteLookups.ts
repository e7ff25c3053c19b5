import { useEffect, useState } from 'react';
import { invoke } from '../ipc';
import { matchBuyers } from '../screens/Buyers/matchBuyers';
import { useBuyersStore } from '../stores/buyersStore';
import { buyerNameOf, type IpcOrder } from '../stores/orderFacts';
import { lookupCommands, ORDER_ID, type FoundOrder, type PaletteCommand } from './paletteCommands';

/** Typing waits this long before the cache is asked (one lookup per pause, not per key). */
const LOOKUP_DEBOUNCE_MS = 150;
const ORDERS_LISTED = 5;
const BUYERS_LISTED = 5;
const NO_COMMANDS: PaletteCommand[] = [];

const foundOrder = (o: IpcOrder): FoundOrder => ({
  id: o.id,
  orderNum: typeof o.orderNum === 'string' && o.orderNum !== '' ? o.orderNum : null,
  buyerName: buyerNameOf(o),
});

/**
 * The palette's lookups of what was typed: the cached order with that ID, the orders the cache's search finds
 * (buyer names, order numbers, items) and the saved buyers matching. Answers of older text are dropped.
 */
export function usePaletteLookups(typed: string): PaletteCommand[] {
  // The lookups' answer with the text it answers: an answer for other text is not shown.
  const [found, setFound] = useState<{ query: string; commands: PaletteCommand[] }>({ query: '', commands: [] });
  const saved = useBuyersStore((s) => s.saved);
  useEffect(() => {
    if (saved.status === 'idle') void useBuyersStore.getState().load();
  }, [saved.status]);
  const query = typed.trim();
  const buyers = saved.data?.buyers;
  useEffect(() => {
    let current = true;
    if (query.length < 2) return;
    const timer = window.setTimeout(() => {
      void (async () => {
        const [byId, bySearch] = await Promise.all([
          ORDER_ID.test(query) ? invoke('orders:queryPage', { id: query, limit: 1 }) : null,
          invoke('orders:queryPage', { search: query, limit: ORDERS_LISTED }),
        ]);
        if (!current) return;
        setFound({
          query,
          commands: lookupCommands(
            byId?.ok ? byId.data.list.map(foundOrder) : [],
            bySearch.ok ? bySearch.data.list.map(foundOrder) : [],
            matchBuyers(buyers ?? [], query).slice(0, BUYERS_LISTED),
          ),
        });
      })();
    }, LOOKUP_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [query, buyers]);
  return found.query === query && query.length >= 2 ? found.commands : NO_COMMANDS;
}
