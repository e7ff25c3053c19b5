import type { ScreenName } from '../../shared/screens';
import { formatRoute } from '../router';
import type { MessageId } from '../i18n/catalogs';
import { useT } from '../i18n/t';

export interface NavItem {
  screen: ScreenName;
  /** A count shown beside the title (what needs attention there), or null. */
  count?: number | null;
}

/** What each section's count counts, for assistive technology (and anyone reading the label). */
const COUNT_MEANING: Partial<Record<ScreenName, MessageId>> = {
  'after-sales': 'frame.count.afterSales',
  attention: 'frame.count.attention',
};

/** The app's sections (their titles from the screen table); the current one is marked for assistive technology. */
export function Navigation({ items, current }: { items: readonly NavItem[]; current: ScreenName }) {
  const t = useT();
  const meaning = (screen: ScreenName, count: number) => {
    const id = COUNT_MEANING[screen];
    return id ? t(id, { count }) : String(count);
  };
  return (
    <nav className="nav" aria-label={t('frame.sections')}>
      <ul>
        {items.map((item) => (
          <li key={item.screen}>
            <a
              href={formatRoute(item.screen)}
              className="nav-link"
              aria-current={item.screen === current ? 'page' : undefined}
            >
              <span>{t(`screen.${item.screen}`)}</span>
              {item.count ? (
                <span className="nav-count" aria-label={meaning(item.screen, item.count)}>
                  {item.count}
                </span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
