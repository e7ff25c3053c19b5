import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ToggleButton } from '../../components/ui/ToggleButton';
import { MARK } from '../../i18n/marks';
import { memo, useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { emptyFilters, filtersKey, hasNoFilter, type OrderFilters } from '../../stores/orderFilters';
import { useProfilesStore } from '../../stores/profilesStore';
import { useViewsStore } from '../../stores/viewsStore';
import type { OrdersView } from '../../stores/savedViews';
import { useT } from '../../i18n/t';

/**
 * The saved views as the list's tabs, each with its live count beside it: choosing one shows its filters (a new
 * history entry); "All orders" clears them; the current filters can be saved as a view; the merchant's own view in
 * force can be renamed and deleted (icon buttons beside its tab).
 */
export const SavedViews = memo(function SavedViews({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply(filters: OrderFilters): void;
}) {
  // Subscribed so a save, rename or delete (and a profile's labels) re-render; views() reads them with today.
  useViewsStore((s) => s.stored);
  useProfilesStore((s) => s.list.data);
  const counts = useViewsStore((s) => s.counts);
  const atLeast = useViewsStore((s) => s.countsAtLeast);
  const problem = useViewsStore((s) => s.problem);
  const views = useViewsStore.getState().views();
  const current = filtersKey({ ...filters, sort: 'created', direction: 'desc' });
  const [editing, setEditing] = useState<{ id: string | null; name: string } | null>(null);
  const nameId = useId();
  const t = useT();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const store = useViewsStore.getState();
    if (editing.id === null) store.save(editing.name, { ...filters, sort: 'created', direction: 'desc' });
    else store.rename(editing.id, editing.name);
    setEditing(null);
  }

  const isCurrent = (v: OrdersView) => filtersKey({ ...v.filters, sort: 'created', direction: 'desc' }) === current;

  return (
    <section className="saved-views" aria-label={t('views.label')}>
      <ul className="saved-views-list tabs-list">
        <li className="saved-view">
          <ToggleButton
            look="tab"
            className="saved-view-button"
            pressed={hasNoFilter(filters)}
            onClick={() => onApply({ ...emptyFilters, sort: filters.sort, direction: filters.direction })}
          >
            {t('design.views.all')}
          </ToggleButton>
        </li>
        {views.map((view) => {
          const count = counts[view.id];
          const pressed = isCurrent(view);
          return (
            <li key={view.id} className="saved-view">
              <ToggleButton
                look="tab"
                className="saved-view-button"
                pressed={pressed}
                onClick={() => onApply({ ...view.filters, sort: filters.sort, direction: filters.direction })}
              >
                <span className="saved-view-name">{view.name}</span>
                <span
                  className="tab-count saved-view-count"
                  aria-label={
                    count == null
                      ? t('views.notCounted')
                      : atLeast[view.id]
                        ? t('views.countAtLeastLabel', { count })
                        : t('views.countLabel', { count })
                  }
                >
                  {count == null ? MARK.pending : t(atLeast[view.id] ? 'views.countAtLeast' : 'views.count', { count })}
                </span>
              </ToggleButton>
              {!view.builtin && pressed && (
                <>
                  <Button
                    variant="tertiary"
                    size="sm"
                    icon={Pencil}
                    label={t('views.rename', { name: view.name })}
                    onClick={() => setEditing({ id: view.id, name: view.name })}
                  />
                  <Button
                    variant="tertiary"
                    size="sm"
                    icon={Trash2}
                    label={t('views.delete', { name: view.name })}
                    onClick={() => useViewsStore.getState().remove(view.id)}
                  />
                </>
              )}
            </li>
          );
        })}
        <li className="saved-view">
          <Button
            variant="tertiary"
            size="sm"
            icon={Plus}
            onClick={() => setEditing({ id: null, name: '' })}
            disabled={editing !== null}
          >
            {t('design.views.saveAs')}
          </Button>
        </li>
      </ul>
      {editing && (
        <form className="saved-view-form" onSubmit={submit}>
          <label htmlFor={nameId}>{editing.id === null ? t('views.newName') : t('views.renameName')}</label>
          <input
            id={nameId}
            autoFocus
            value={editing.name}
            maxLength={80}
            onChange={(e) => setEditing({ ...editing, name: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setEditing(null);
            }}
          />
          <Button type="submit" variant="primary" size="sm" disabled={editing.name.trim() === ''}>
            {editing.id === null ? t('views.save') : t('views.renameButton')}
          </Button>
          <Button size="sm" onClick={() => setEditing(null)}>
            {t('common.cancel')}
          </Button>
        </form>
      )}
      {problem && <p className="filter-hint">{problem}</p>}
    </section>
  );
});
