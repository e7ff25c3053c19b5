import { useT } from '../../i18n/t';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { MAIN_LIST } from '../../frame/screenFocus';
import { Skeleton } from '../../components/ui/Skeleton';
import { useAppStore } from '../../stores/appStore';
import { formatRoute, navigate } from '../../router';
import type { OrderFilters } from '../../stores/orderFilters';
import { markOrders, useOrdersStore } from '../../stores/ordersStore';
import { OrderTableRow } from './OrderTableRow';
import { deliveryStatusNames } from './orderRow';
import { TimesHeader } from './TimesHeader';
import { columnsUpTo, shownPriority } from './columns';
import { SelectAllCheckbox } from './SelectAllCheckbox';
import { rowHeight } from './rowHeight';
import { rootFontPx, windowListBox } from './listBox';
import { useOrderSelection } from '../../stores/orderSelection';

/**
 * The columns a list this wide shows, following its width (the window, the zoom, the navigation's state). Before the
 * first measure: those of the estimated width (listBox.ts), so the first render's rows need no second one.
 */
function useShownPriority(ref: RefObject<HTMLElement | null>, estimatedWidth: number): number {
  const [priority, setPriority] = useState(() => shownPriority(estimatedWidth / rootFontPx()));
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // clientWidth: without the vertical scrollbar, which the rows do not get either. 0: not laid out (hidden,
      // or a page without layout): every column.
      setPriority(el.clientWidth > 0 ? shownPriority(el.clientWidth / rootFontPx()) : 4);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return priority;
}

/**
 * Rows rendered beyond each end of the view: 6 while scrolling, none in the first render of new rows (a filter change,
 * a re-read). Those are out of sight, and rendering and laying them out was a third of a filter change's work before
 * its frame; they follow once that frame is painted, as a transition (useOverscanAfterPaint).
 */
const OVERSCAN = 6;
/**
 * The virtualizer's key of a row: its position (rows are keyed by position, and nothing is measured, so no size is
 * remembered per order). One function for good: the virtualizer's memo takes a new key function for new options and
 * then lays out every loaded row again — on each scroll step's render, 20,000 rows late in a long scroll, which was
 * the long tasks while scrolling.
 */
const byPosition = (index: number) => index;
/** Ask for the next page when this close to the end of the loaded rows. */
const LOAD_AHEAD = 40;

function openOrder(id: string) {
  useOrdersStore.getState().remember({ selectedId: id });
  navigate(formatRoute('order', [id]));
}

function selectOrder(id: string) {
  useOrdersStore.getState().remember({ selectedId: id });
}

function checkOrder(id: string, range: boolean) {
  useOrderSelection.getState().toggle(id, range);
}

/** OVERSCAN once the rows of `generation` are painted; 0 until then. */
function useOverscanAfterPaint(generation: number): number {
  const [settled, setSettled] = useState<number | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from the next animation frame runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setSettled(generation)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [generation]);
  return settled === generation ? OVERSCAN : 0;
}

/**
 * The cached orders as a virtualized grid: only the rows in view (and a few either side) are in the DOM, whatever
 * the number of matches; scrolling near the end asks for the next page. Keys: ↑/↓ move the selection, Page Up/Down
 * a screenful, Home/End the ends, Enter opens the order, Space ticks it for a bulk action (Shift+Space a range).
 */
export function OrdersTable({
  orderLabels,
  afterSalesLabels,
  onSort,
}: {
  orderLabels: Record<string, string> | undefined;
  afterSalesLabels: Record<string, string> | undefined;
  /** A sort change (it goes to the URL like every filter). */
  onSort: (filters: OrderFilters) => void;
}) {
  const list = useOrdersStore((s) => s.list);
  const t = useT();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- t changes with the language, which the names follow
  const deliveryLabels = useMemo(() => deliveryStatusNames(), [t]);
  const count = useOrdersStore((s) => s.count.data);
  const selectedId = useOrdersStore((s) => s.selectedId);
  const sortKey = useOrdersStore((s) => s.filters.sort);
  // The ticked orders: a change re-renders the table, and only the rows whose box changed (memoized rows).
  const checkedIds = useOrderSelection((s) => s.ids);
  const allChecked = useOrderSelection((s) => s.allMatching);
  const density = useAppStore((s) => s.density);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tbodyRef = useRef<HTMLTableSectionElement>(null);
  // The orders' lines as loaded (built once, as each page arrived: a page appended or a re-read returning the same
  // lines leaves the rows on screen as they were, so their memoized components do not render again).
  const rows = list.rows;
  // The list's box before its first layout (listBox.ts): the first render's columns and rows are those the measure
  // will find, so the rows are rendered and laid out once before the first frame.
  const [estimatedBox] = useState(windowListBox);
  const priority = useShownPriority(scrollRef, estimatedBox.width);
  const columns = columnsUpTo(priority);
  // The density's row height, read when the table mounts and after a density change, not per row: the virtualizer
  // asks every loaded row's size whenever it lays them out (a page loaded).
  const [height] = useState(() => ({ px: rowHeight() }));

  const overscan = useOverscanAfterPaint(list.generation);

  // eslint-disable-next-line react-hooks/incompatible-library -- its functions are read afresh on every render here
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    initialRect: estimatedBox,
    estimateSize: () => height.px,
    overscan,
    initialOffset: () => useOrdersStore.getState().scrollTop,
    getItemKey: byPosition,
  });
  // Another density: every row's height changes at once (read after the frame has set it on the document).
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      height.px = rowHeight();
      virtualizer.measure();
    });
    return () => cancelAnimationFrame(frame);
  }, [density, virtualizer, height]);
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  // Near the end of what is loaded: the next page.
  useEffect(() => {
    if (rows.length > 0 && lastIndex >= rows.length - LOAD_AHEAD) void useOrdersStore.getState().loadMore();
  }, [lastIndex, rows.length]);

  // The bench's marks for these rows: `rendered` after every commit until their frame (the last one before it is
  // when they are committed and laid out: the layout read costs what the frame's layout would), `frame` in the
  // animation frame that shows them, `paint` from a task queued there (it runs once that frame is painted).
  const unpainted = useRef<number | null>(null);
  useLayoutEffect(() => {
    unpainted.current = list.generation;
  }, [list.rows, list.generation]);
  useLayoutEffect(() => {
    if (unpainted.current === null) return;
    void tbodyRef.current?.offsetHeight;
    markOrders('rendered', unpainted.current);
  });
  useEffect(() => {
    let channel: MessageChannel | null = null;
    const frame = requestAnimationFrame((vsync) => {
      unpainted.current = null;
      markOrders('frame', list.generation, { vsync });
      channel = new MessageChannel();
      channel.port1.onmessage = () => markOrders('paint', list.generation);
      channel.port2.postMessage(null);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (channel) channel.port1.onmessage = null;
    };
  }, [list.rows, list.generation]);

  // Where the list was scrolled is kept for when the merchant comes back from an order: the virtualizer's own
  // offset (it reads the scroller's on each scroll event; a second listener's read forced a layout of the rows
  // just rendered inside every scroll event).
  useEffect(
    () => () => useOrdersStore.getState().remember({ scrollTop: Math.max(0, virtualizer.scrollOffset ?? 0) }),
    [virtualizer],
  );

  // Looked up when the rows or the selection change, not on every scroll step (a search through every loaded row).
  const selectedIndex = useMemo(
    () => (selectedId === null ? -1 : rows.findIndex((r) => r.id === selectedId)),
    [rows, selectedId],
  );
  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;

  function select(index: number, focus: boolean) {
    const at = Math.max(0, Math.min(rows.length - 1, index));
    const row = rows[at];
    if (!row) return;
    useOrdersStore.getState().remember({ selectedId: row.id });
    virtualizer.scrollToIndex(at, { align: 'auto' });
    if (focus)
      requestAnimationFrame(() => {
        const tbody = tbodyRef.current;
        // Only while the merchant is still in the list: a key pressed before this frame (`/` to search) keeps its
        // focus where it sent it.
        const active = document.activeElement;
        if (!tbody || (active && active !== document.body && !tbody.contains(active))) return;
        tbody.querySelector<HTMLElement>(`tr[data-id="${CSS.escape(row.id)}"]`)?.focus();
      });
  }

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    // A screenful: the rows in view, whatever the overscan rendered around them.
    const range = virtualizer.range;
    const page = range ? Math.max(1, range.endIndex - range.startIndex) : 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + (selectedIndex < 0 ? 0 : 1),
      ArrowUp: focusIndex - 1,
      PageDown: focusIndex + page,
      PageUp: focusIndex - page,
      Home: 0,
      End: rows.length - 1,
    };
    const to = moves[e.key];
    if (to !== undefined) {
      e.preventDefault();
      select(to, true);
    } else if (e.key === 'Enter' && rows[focusIndex]) {
      e.preventDefault();
      openOrder(rows[focusIndex].id);
    } else if (e.key === ' ' && rows[focusIndex] && !(e.target instanceof HTMLInputElement)) {
      // Space ticks the focused row (Shift+Space: the range from the last one ticked), as in Polaris's IndexTable.
      e.preventDefault();
      checkOrder(rows[focusIndex].id, e.shiftKey);
    }
  }

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;

  return (
    <div className="orders-scroll" ref={scrollRef}>
      <table
        className="orders-table"
        role="grid"
        aria-label={t('table.label')}
        aria-rowcount={(count ?? rows.length + (list.nextCursor ? 1 : 0)) + 1}
        aria-busy={list.status === 'loading' || list.loadingMore}
      >
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((c) =>
              c.key === 'select' ? (
                <th key={c.key} scope="col" className={c.className}>
                  <SelectAllCheckbox />
                </th>
              ) : c.key === 'times' ? (
                <TimesHeader key={c.key} onSort={onSort} className={c.className} />
              ) : (
                <th key={c.key} scope="col" className={c.className}>
                  {t(c.heading)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody ref={tbodyRef} onKeyDown={onKeyDown} {...MAIN_LIST}>
          {rows.length === 0 && list.status === 'loading' && (
            // The first page on its way: the list's shape, not a spinner (hidden from assistive technology).
            <tr className="orders-spacer" aria-hidden="true">
              <td colSpan={columns.length}>
                <Skeleton lines={8} className="orders-skeleton" />
              </td>
            </tr>
          )}
          {paddingTop > 0 && (
            <tr className="orders-spacer" aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingTop }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <OrderTableRow
                // By position, not by order: new filters show other orders in the same rows, which React updates
                // in place (text and attributes) instead of removing every row and building new ones.
                key={item.index}
                index={item.index}
                row={row}
                selected={item.index === selectedIndex}
                checked={allChecked || checkedIds.has(row.id)}
                onCheck={checkOrder}
                tabbable={item.index === focusIndex}
                sortKey={sortKey}
                priority={priority}
                orderLabels={orderLabels}
                deliveryLabels={deliveryLabels}
                afterSalesLabels={afterSalesLabels}
                onOpen={openOrder}
                onSelect={selectOrder}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr className="orders-spacer" aria-hidden="true">
              <td colSpan={columns.length} style={{ height: paddingBottom }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
