import { useAppStore, type ThemeChoice } from '../stores/appStore';

/** Light or dark follows the OS unless the merchant picks one here. */
export function ThemeSwitch() {
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <label className="theme-switch">
      <span className="visually-hidden">Appearance</span>
      <select
        className="select"
        value={theme}
        onChange={(e) => setTheme(e.target.value as ThemeChoice)}
        aria-label="Appearance"
      >
        <option value="system">System appearance</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}
