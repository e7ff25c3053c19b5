import { useEffect } from 'react';
import { Banners } from './frame/Banners';
import { Navigation, type NavItem } from './frame/Navigation';
import { ProfileSwitcher } from './frame/ProfileSwitcher';
import { SyncStatus } from './frame/SyncStatus';
import { ThemeSwitch } from './frame/ThemeSwitch';
import { useRoute, type ScreenName } from './router';
import { screenComponents } from './screens';
import { useAppStore } from './stores/appStore';
import { useProfilesStore } from './stores/profilesStore';
import { subscribeToHostEvents } from './stores/subscriptions';
import { useSyncStore } from './stores/syncStore';
import { useLiveViewCounts } from './stores/viewsStore';

const navItems: readonly NavItem[] = [
  { screen: 'orders', label: 'Orders' },
  { screen: 'attention', label: 'Needs attention' },
  { screen: 'after-sales', label: 'After-sales' },
  { screen: 'buyers', label: 'Buyers' },
  { screen: 'settings', label: 'Settings' },
];

/** The order detail belongs to the Orders section. */
const sectionOf = (screen: ScreenName): ScreenName => (screen === 'order' ? 'orders' : screen);

function useStartup(): void {
  useEffect(() => {
    const unsubscribe = subscribeToHostEvents();
    void useAppStore.getState().loadInfo();
    void useProfilesStore.getState().load();
    void useSyncStore.getState().loadStatus();
    return unsubscribe;
  }, []);
}

function useTheme(): void {
  const theme = useAppStore((s) => s.theme);
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
}

export function App() {
  useStartup();
  useTheme();
  const attention = useLiveViewCounts();
  const items = navItems.map((item) => (item.screen === 'orders' ? { ...item, count: attention } : item));
  const route = useRoute();
  const info = useAppStore((s) => s.info);
  const Screen = screenComponents[route.screen];

  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <span className="app-brand">Merchant Desk</span>
        <ProfileSwitcher />
        <SyncStatus />
        <ThemeSwitch />
      </header>
      <aside className="app-sidebar">
        <Navigation items={items} current={sectionOf(route.screen)} />
        <p className="app-info" data-testid="app-info">
          {info.status === 'ready' && info.data && `Version ${info.data.version} · ${info.data.platform}`}
          {info.status === 'failed' && info.error && `Could not read the app version: ${info.error.message}`}
        </p>
      </aside>
      <main id="main" className="app-main" tabIndex={-1}>
        <Banners />
        <Screen route={route} />
      </main>
    </div>
  );
}
