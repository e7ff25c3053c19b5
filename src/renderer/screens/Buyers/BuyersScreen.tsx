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
        <button type="button" className="primary" onClick={() => setEditing('new')} disabled={editing !== null}>
          Add a buyer
        </button>
      </div>
      <p className="muted">
        Buyers of your own system. “Sync to platform” registers or updates one there; “Copy login link” makes a fresh
        single-use link for an item each time and copies it — the link is never shown here.
      </p>
      {editing !== null && (
        <BuyerEditor
          key={editing === 'new' ? 'new' : editing.merchantUserNo}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      <div className="field">
        <label htmlFor="buyers-search">Search buyers</label>
        <input
          id="buyers-search"
          type="search"
          value={search}
          placeholder="User number, e-mail or name"
          {...SCREEN_SEARCH}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {saved.error && <ErrorNotice error={saved.error} title="Could not read the saved buyers" />}
      {saved.status === 'ready' && (saved.data?.buyers.length ?? 0) === 0 && (
        <p className="empty">No buyers saved yet. Add one to sync it and make login links.</p>
      )}
      {saved.status === 'ready' && (saved.data?.buyers.length ?? 0) > 0 && buyers.length === 0 && (
        <p className="empty">No saved buyer matches “{search}”.</p>
      )}
      <ul className="buyer-list" aria-label="Saved buyers">
        {buyers.map((buyer) => (
          <BuyerRow key={buyer.merchantUserNo} buyer={buyer} onEdit={() => setEditing(buyer)} />
        ))}
      </ul>
    </section>
  );
}
