import { useT } from '../../i18n/t';
import { useEffect, type ComponentType } from 'react';
import { formatRoute, type Route } from '../../router';
import { activeProfile, useProfilesStore } from '../../stores/profilesStore';
import { useSettingsStore } from '../../stores/settingsStore';
import { AboutSection } from './AboutSection';
import { ConnectionSection } from './ConnectionSection';
import { CacheSection } from './CacheSection';
import { GeneralSection } from './GeneralSection';
import { LabelsSection } from './LabelsSection';
import { NotificationsSection } from './NotificationsSection';
import { ProfilesSection } from './ProfilesSection';
import { SignatureSection } from './SignatureSection';
import { sectionOf, settingsSections, type SettingsSectionId } from './settingsFields';
import './Settings.css';

const sectionComponents: Record<SettingsSectionId, ComponentType> = {
  connection: ConnectionSection,
  profiles: ProfilesSection,
  general: GeneralSection,
  notifications: NotificationsSection,
  labels: LabelsSection,
  signature: SignatureSection,
  cache: CacheSection,
  about: AboutSection,
};

/** Settings, one section at a time (`#/settings/<section>`). */
export function SettingsScreen({ route }: { route: Route }) {
  const section = sectionOf(route.path);
  const Section = sectionComponents[section];
  const activeId = activeProfile(useProfilesStore((s) => s.list.data))?.id ?? null;
  const load = useSettingsStore((s) => s.load);
  const clearSave = useSettingsStore((s) => s.clearSave);
  const t = useT();

  // The settings shown are the active profile's: re-read on a switch.
  useEffect(() => {
    void load();
  }, [load, activeId]);
  useEffect(() => clearSave(), [clearSave, section]);

  return (
    <section className="screen settings-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">{t('screen.settings')}</h1>
      <div className="settings-layout">
        <nav aria-label={t('settings.sections')} className="settings-nav">
          <ul>
            {settingsSections.map((s) => (
              <li key={s.id}>
                <a href={formatRoute('settings', [s.id])} aria-current={s.id === section ? 'page' : undefined}>
                  {t(`settings.section.${s.id}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-body">
          <Section />
        </div>
      </div>
    </section>
  );
}
