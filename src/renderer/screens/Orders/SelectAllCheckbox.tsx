import { useEffect, useRef } from 'react';
import { useT } from '../../i18n/t';
import { useOrderSelection } from '../../stores/orderSelection';
import { useOrdersStore } from '../../stores/ordersStore';

/**
 * The header's checkbox: ticked when every loaded order is (or all matching), mixed when some are; a click ticks
 * every loaded order, or clears the selection when any is ticked (Polaris IndexTable's header checkbox).
 */
export function SelectAllCheckbox() {
  const ref = useRef<HTMLInputElement>(null);
  const t = useT();
  const loaded = useOrdersStore((s) => s.list.rows.length);
  const state = useOrderSelection((s) =>
    s.allMatching || (loaded > 0 && s.ids.size >= loaded) ? 'all' : s.ids.size > 0 ? 'some' : 'none',
  );
  // Mixed is a property, not an attribute (browsers expose it as aria-checked="mixed").
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="orders-checkbox"
      aria-label={t('selection.selectLoaded')}
      checked={state === 'all'}
      disabled={loaded === 0}
      onChange={() => useOrderSelection.getState().toggleAll()}
    />
  );
}
