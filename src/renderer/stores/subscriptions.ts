import type { IpcEventPayload } from '../../shared/ipc/events';
import { ORDER_SCREEN } from '../../shared/screens';
import { on } from '../ipc';
import { formatRoute, navigate } from '../router';
import { useAppStore } from './appStore';
import { followAttention } from './attentionStore';
import { useBuyersStore } from './buyersStore';
import { useChangesStore } from './changesStore';
import { registerOrderSequence, useOrderDetailStore } from './orderDetailStore';
import { useOrdersStore } from './ordersStore';
import { isServedProfile, servedSession, useProfilesStore } from './profilesStore';
import { useSyncStore } from './syncStore';
import { useUpkeepStore } from './upkeepStore';

/**
 * Where main's `app:navigate` (a notification, the tray, a `merchantdesk://` link) takes the page: the order when
 * one is named, else the screen's list.
 */
export function routeOfNavigation(target: IpcEventPayload<'app:navigate'>): string {
  if (target.orderId !== null) return formatRoute(ORDER_SCREEN, [target.orderId]);
  return formatRoute(target.screen);
}

/** Resolves once the sync status asked for is answered (at once when it already is). */
function statusSettled(): Promise<void> {
  const settled = () => {
    const { status } = useSyncStore.getState().status;
    return status === 'ready' || status === 'failed';
  };
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const off = useSyncStore.subscribe(() => {
      if (!settled()) return;
      off();
      resolve();
    });
  });
}

/**
 * The one place where push events meet the stores (as Gitify's stores/subscriptions.ts): each event updates the
 * store that owns its domain; events of a profile other than the active one are ignored. Called once at start;
 * returns the function that removes every subscription (tests, hot reload).
 */
export function subscribeToHostEvents(): () => void {
  const served = (profileId: string) => isServedProfile(useProfilesStore.getState().list.data, profileId);
  const offs = [
    on('host:state', (state) => useAppStore.getState().setHost(state)),
    on('sync:state', (state) => {
      if (served(state.profileId)) useSyncStore.getState().applyState(state);
    }),
    on('sync:progress', (progress) => {
      if (served(progress.profileId)) useSyncStore.getState().applyProgress(progress);
    }),
    on('orders:changed', (changed) => {
      if (served(changed.profileId)) useChangesStore.getState().apply(changed);
    }),
    // A first sync, a full sync or a rebuild filled the cache as a whole (no change per order): every list, count and
    // queue of the profile reads again.
    on('orders:reloaded', (reloaded) => {
      if (served(reloaded.profileId)) useChangesStore.getState().invalidate();
    }),
    // The cache's background upkeep (read back, checked) after it opens: the frame shows it while it runs.
    on('cache:upkeep', (report) => {
      if (served(report.profileId)) useUpkeepStore.getState().apply(report);
    }),
    on('app:navigate', (target) => navigate(routeOfNavigation(target))),
    on('app:updates', (state) => useAppStore.getState().setUpdates(state)),
  ];
  // A profile switch replaces the cache every screen reads from.
  let previous = servedSession(useProfilesStore.getState().list.data);
  const offProfiles = useProfilesStore.subscribe((state) => {
    const now = servedSession(state.list.data);
    if (now === previous) return;
    const first = previous === null;
    previous = now;
    useBuyersStore.getState().reset();
    useUpkeepStore.getState().reset();
    // The first session known: the status the app asked for at start is already this session's (the host serves
    // the one session), so it is not asked twice while the first screen's reads are queued.
    if (!first || useSyncStore.getState().status.status === 'idle') {
      useSyncStore.getState().reset();
      void useSyncStore.getState().loadStatus();
    }
    // Asked once the sync status is answered, not beside it: the first screen's reads go first (a browser page has
    // six connections to the host, and the upkeep is rarely running at start — it waits a moment after opening).
    void statusSettled().then(() => useUpkeepStore.getState().load());
    if (!first) {
      useOrdersStore.getState().forgetRows();
      useChangesStore.getState().invalidate();
    }
  });
  // The open order detail re-reads when its order is among the changed (or the whole cache is stale).
  const offDetail = useChangesStore.subscribe((state, before) => {
    if (state.revision !== before.revision) useOrderDetailStore.getState().applyChanges(state.last);
  });
  // j/k in the order detail steps through the list the merchant came from (the list's rows stay in its store).
  const offSequence = registerOrderSequence((orderId) => {
    const { previous, next } = useOrdersStore.getState().neighbours(orderId);
    return previous === null && next === null ? null : { prev: previous, next };
  });
  // The attention queue (and the navigation's count) follows the profile, the change notices and the clock.
  const offAttention = followAttention();
  return () => {
    offSequence();
    for (const off of offs) off();
    offProfiles();
    offDetail();
    offAttention();
  };
}
