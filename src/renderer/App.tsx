import { Keyboard, Menu, Search } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from './components/ui/Button';
import { Toaster } from './components/ui/Toast';
import { Banners } from './frame/Banners';
import { CommandPalette } from './frame/CommandPalette';
import { HelpSheet } from './frame/HelpSheet';
import { skipToContent, useFocusOnNavigate } from './frame/screenFocus';
import { useGlobalShortcuts } from './frame/useGlobalShortcuts';
import { Navigation, type NavItem } from './frame/Navigation';
import { ProfileSwitcher } from './frame/ProfileSwitcher';
import { ScreenLoading } from './frame/ScreenLoading';
import { SyncStatus } from './frame/SyncStatus';
import { ThemeSwitch } from './frame/ThemeSwitch';
import { UpkeepStatus } from './frame/UpkeepStatus';
import { sectionOf, sectionScreens, type ScreenName } from '../shared/screens';
import { useRoute } from './router';
import { screenComponents } from './screens';
import { useAwaitingCount } from './stores/afterSalesStore';
import { useAppStore } from './stores/appStore';
import { countAtLeast, useAttentionStore } from './stores/attentionStore';
import { useProfilesStore } from './stores/profilesStore';
import { subscribeToHostEvents } from './stores/subscriptions';
import { useSyncStore } from './stores/syncStore';
import { useLocaleStore } from './i18n/localeStore';
import { useT } from './i18n/t';
import { useLanguage } from './i18n/useLanguage';
import { afterPaint } from './afterPaint';

function useStartup(): void {
  useEffect(() => {
    const unsubscribe = subscribeToHostEvents();
    // Once the first frame is painted (afterPaint.ts): the frame's first render has the first rows in it.
    let live = true;
    void afterPaint().then(() => {
      if (!live) return;
      void useAppStore.getState().loadInfo();
      void useProfilesStore.getState().load();
      void useSyncStore.getState().loadStatus();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, []);
}

/**
 * Focuses the shown screen's list (screenFocus.ts). Rendered beside the screen inside its Suspense boundary, so its
 * effect runs once the screen's code is there (a lazy screen's chunk), and its wait for the list starts then.
 */
function FocusOnNavigate({ screen }: { screen: ScreenName }) {
  useFocusOnNavigate(screen);
  return null;
}

function useTheme(): void {
  const theme = useAppStore((s) => s.theme);
  const density = useAppStore((s) => s.density);
  useEffect(() => {
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.dataset.density = density;
  }, [density]);
}

export function App() {
  useStartup();
  useTheme();
  useLanguage();
  const t = useT();
  const locale = useLocaleStore((s) => s.locale);
  const route = useRoute();
  const info = useAppStore((s) => s.info);
  const profilesLoaded = useProfilesStore((s) => s.list.status === 'ready' || s.list.status === 'failed');
  const Screen = screenComponents[route.screen];
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const shortcuts = useMemo(
    () => ({
      palette: () => {
        setHelpOpen(false);
        setPaletteOpen(true);
      },
      help: () => {
        setPaletteOpen(false);
        setHelpOpen(true);
      },
    }),
    [],
  );
  useGlobalShortcuts(shortcuts);
  // The narrow frame's menu (under 900 px): closed again by a navigation, Escape, or a click beside it.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRoute, setMenuRoute] = useState(route);
  if (menuRoute !== route) {
    setMenuRoute(route);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.querySelector<HTMLElement>('#app-sidebar .nav-link')?.focus();
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const afterSalesCount = useAwaitingCount();
  const attentionCount = useAttentionStore((s) => s.queue.data?.counts.total ?? null);
  // "10,000+" while the exact total is counted (a million orders).
  const attentionAtLeast = useAttentionStore((s) => countAtLeast(s.queue.data, 'total'));
  // Each count says what it counts: requests awaiting a decision; distinct orders needing attention.
  const counts: Partial<Record<ScreenName, number | null>> = {
    'after-sales': afterSalesCount,
    attention: attentionCount,
  };
  const items: NavItem[] = sectionScreens.map((screen) =>
    screen in counts
      ? { screen, count: counts[screen], ...(screen === 'attention' && attentionAtLeast ? { countAtLeast: true } : {}) }
      : { screen },
  );

  return (
    <div
      className="app-frame"
      data-profiles-loaded={profilesLoaded ? 'true' : undefined}
      data-menu-open={menuOpen ? 'true' : undefined}
    >
      {/* A button, not href="#main": the address's hash is the route, and "#main" would open the orders list. */}
      <button type="button" className="skip-link" onClick={skipToContent}>
        {t('frame.skipToContent')}
      </button>
      <header className="app-header">
        <Button
          variant="tertiary"
          className="menu-button"
          icon={Menu}
          label={t('design.menu')}
          aria-expanded={menuOpen}
          aria-controls="app-sidebar"
          onClick={() => setMenuOpen(!menuOpen)}
        />
        <span className="app-brand">{t('frame.brand')}</span>
        <ProfileSwitcher />
        <Button
          className="palette-button"
          icon={Search}
          onClick={shortcuts.palette}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <span className="narrow-hidden">{t('frame.goTo')}</span> <kbd className="narrow-hidden">Ctrl K</kbd>
        </Button>
        <UpkeepStatus />
        <SyncStatus />
        <ThemeSwitch />
      </header>
      {menuOpen && <div className="menu-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <aside className="app-sidebar" id="app-sidebar">
        <Navigation items={items} current={sectionOf(route.screen)} />
        <Button variant="plain" className="shortcuts-button" onClick={shortcuts.help} aria-keyshortcuts="?">
          <Keyboard size={18} aria-hidden="true" />
          <span className="shortcuts-label">{t('frame.shortcutsButton')}</span>
        </Button>
        <p className="app-info" data-testid="app-info">
          {info.status === 'ready' &&
            info.data &&
            t('frame.version', { version: info.data.version, platform: info.data.platform })}
          {info.status === 'failed' && info.error && t('frame.versionFailed', { message: info.error.message })}
        </p>
      </aside>
      <main id="main" className="app-main" tabIndex={-1}>
        <Banners />
        {/* A screen other than Orders is a chunk of its own (screens/index.ts): its loading state until it arrives. */}
        <Suspense fallback={<ScreenLoading screen={route.screen} />}>
          {/* Keyed on the language: every row and memoised text of the screen is drawn again in the new one. */}
          <Screen key={locale} route={route} />
          <FocusOnNavigate screen={route.screen} />
        </Suspense>
      </main>
      <CommandPalette open={paletteOpen} onClose={() => setPaletteOpen(false)} onHelp={shortcuts.help} />
      <Toaster />
      <HelpSheet open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
