import { useT } from '../../i18n/t';
import { Button } from '../../components/ui/Button';
import { ScreenTitle } from '../../i18n/ScreenTitle';
import { useEffect, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SCREEN_SEARCH } from '../../frame/screenFocus';
import type { Route } from '../../router';
import { useBuyersStore, type SavedBuyer } from '../../stores/buyersStore';
import { useProfilesStore } from '../../stores/profilesStore';
import { BuyerEditor } from './BuyerEditor';
import { BuyerRow } from './BuyerRow';
import { matchBuyers } from './buyerForm';
import './Buyers.css';

/**
 * Buyers of the merchant's own system, kept on this computer (never an authorization code): sync one to the
 * platform, and make single-use login links for an item — copied by the app, never shown on the page.
 */
export function BuyersScreen({ route }: { route: Route }) {
  const saved = useBuyersStore((s) => s.saved);
  const activeId = useProfilesStore((s) => s.list.data?.activeProfileId ?? null);
  // The palette opens this screen searched for one buyer (`#/buyers?q=…`).
  const asked = route.params.get('q') ?? '';
  const [search, setSearch] = useState(asked);
  const [seenAsked, setSeenAsked] = useState(asked);
  if (asked !== seenAsked) {
    setSeenAsked(asked);
    setSearch(asked);
  }
  const [editing, setEditing] = useState<SavedBuyer | 'new' | null>(null);
  const t = useT();

  useEffect(() => {
    void useBuyersStore.getState().load();
  }, [activeId]);

  const buyers = matchBuyers(saved.data?.buyers ?? [], search);
  return (
    <section className="screen buyers" aria-labelledby="screen-title">
      <div className="screen-head">
        <h1 id="screen-title">
          <ScreenTitle screen="buyers" />
        </h1>
        <Button variant="primary" onClick={() => setEditing('new')} disabled={editing !== null}>
          {t('buyers.add')}
        </Button>
      </div>
      <p className="muted">{t('buyers.intro')}</p>
      {editing !== null && (
        <BuyerEditor
          key={editing === 'new' ? 'new' : editing.merchantUserNo}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <div className="field">
        <label htmlFor="buyers-search">{t('buyers.search')}</label>
        <input
          id="buyers-search"
          type="search"
          value={search}
          placeholder={t('buyers.searchPlaceholder')}
          {...SCREEN_SEARCH}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {saved.error && <ErrorNotice error={saved.error} title={t('buyers.readFailed')} />}
      {saved.status === 'ready' && (saved.data?.buyers.length ?? 0) === 0 && (
        <p className="empty">{t('buyers.none')}</p>
      )}
      {saved.status === 'ready' && (saved.data?.buyers.length ?? 0) > 0 && buyers.length === 0 && (
        <p className="empty">{t('buyers.noMatch', { search })}</p>
      )}
      <ul className="buyer-list" aria-label={t('buyers.list')}>
        {buyers.map((buyer) => (
          <BuyerRow key={buyer.merchantUserNo} buyer={buyer} onEdit={() => setEditing(buyer)} />
        ))}
      </ul>
    </section>
  );
}
