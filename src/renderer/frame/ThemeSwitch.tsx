import { useT } from '../i18n/t';
import { Select } from '../components/ui/Select';
import { useAppStore, type ThemeChoice } from '../stores/appStore';

/** Light or dark follows the OS unless the merchant picks one here. */
export function ThemeSwitch() {
  const t = useT();
  const theme = useAppStore((s) => s.theme);
  const setTheme = useAppStore((s) => s.setTheme);
  return (
    <label className="theme-switch">
      <span className="visually-hidden">{t('theme.label')}</span>
      <Select value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)} aria-label={t('theme.label')}>
        <option value="system">{t('theme.system')}</option>
        <option value="light">{t('theme.light')}</option>
        <option value="dark">{t('theme.dark')}</option>
      </Select>
    </label>
  );
}
