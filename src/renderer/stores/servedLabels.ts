import { create } from 'zustand';
import { DEFAULT_STATUS_LABELS, type StatusLabelMaps } from '../../shared/domain/defaultStatusLabels';
import { activeProfile, useProfilesStore } from './profilesStore';
import { currentLocale, useLocaleStore } from '../i18n/localeStore';
import { displayLabels } from '../i18n/statusLabels';

/**
 * The status labels of what this page is served: the active profile's, or — with no profile (the environment mode)
 * — the default names, which the merchant can rename in Settings → Status labels. With no profile there is no
 * profile file to keep them in: they are kept in this browser profile / app window's local storage, as saved views
 * are.
 */
const KEY = 'merchant-desk.environment-status-labels';

function isLabelMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).every(([k, v]) => /^-?\d{1,9}$/.test(k) && typeof v === 'string' && v.trim() !== '')
  );
}

function readSaved(): StatusLabelMaps {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof saved === 'object' && saved !== null) {
      const { order, afterSales } = saved as Record<string, unknown>;
      if (isLabelMap(order) && isLabelMap(afterSales)) return { order, afterSales };
    }
  } catch {
    // Unreadable or unavailable storage: the defaults.
  }
  return DEFAULT_STATUS_LABELS;
}

interface EnvironmentLabelsStore {
  labels: StatusLabelMaps;
  save(labels: StatusLabelMaps): void;
}

export const useEnvironmentLabelsStore = create<EnvironmentLabelsStore>((set) => ({
  labels: readSaved(),
  save(labels) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(labels));
    } catch {
      // No storage (private mode): the names last for this page only.
    }
    set({ labels });
  },
}));

const NONE: StatusLabelMaps = Object.freeze({ order: {}, afterSales: {} });

/** The labels in force for a profile list: the active profile's; none active, the environment's; not read yet, none. */
export function labelsFor(list: Parameters<typeof activeProfile>[0], environment: StatusLabelMaps): StatusLabelMaps {
  if (!list) return NONE;
  return activeProfile(list)?.statusLabels ?? environment;
}

/** The labels in force now, as shown in the app's language (for stores). */
export function servedLabels(): StatusLabelMaps {
  return displayLabels(
    labelsFor(useProfilesStore.getState().list.data, useEnvironmentLabelsStore.getState().labels),
    currentLocale(),
  );
}

/**
 * The labels in force as shown in the app's language, re-rendering when the profile, the environment's names or
 * the language change (the same object while none does: memoised rows stay as they are).
 */
export function useServedLabels(): StatusLabelMaps {
  const list = useProfilesStore((s) => s.list.data);
  const environment = useEnvironmentLabelsStore((s) => s.labels);
  const locale = useLocaleStore((s) => s.locale);
  return displayLabels(labelsFor(list, environment), locale);
}
