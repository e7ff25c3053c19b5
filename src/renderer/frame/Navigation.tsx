import { ChartLine, CircleAlert, House, RotateCcw, Settings, ShoppingBag, Users, type LucideIcon } from 'lucide-react';
import type { ScreenName } from '../../shared/screens';
import { formatRoute } from '../router';
import type { MessageId } from '../i18n/catalogs';
import { useT } from '../i18n/t';

export interface NavItem {
  screen: ScreenName;
  /** A count shown beside the title (what needs attention there), or null. */
  count?: number | null;
  /** The count is a "more than" figure ("10,000+"): the exact one is being counted. */
  countAtLeast?: boolean;
}

/** What each section's count counts, for assistive technology (and anyone reading the label). */
const COUNT_MEANING: Partial<Record<ScreenName, MessageId>> = {
  'after-sales': 'frame.count.afterSales',
  attention: 'frame.count.attention',
};

/** The same for a "more than" count ("more than 10,000 orders need attention"). */
const COUNT_AT_LEAST_MEANING: Partial<Record<ScreenName, MessageId>> = {
  attention: 'frame.count.attentionAtLeast',
};

/**
 * The icon rail (a narrow window) has room for two digits on an icon's corner: a larger count shows "99+" there
 * (`data-rail`, drawn by styles.css in place of the text), as mail and chat apps do; the label keeps the figure.
 */
const RAIL_MAX = 99;

/** Each section's icon: what the navigation shows alone when the window is narrow. */
const ICONS: Record<ScreenName, LucideIcon> = {
  home: House,
  insights: ChartLine,
  orders: ShoppingBag,
  order: ShoppingBag,
  attention: CircleAlert,
  'after-sales': RotateCcw,
  buyers: Users,
  settings: Settings,
};

/**
 * The app's sections (their titles from the screen table), each with its icon; the current one is marked for
 * assistive technology. A narrow frame hides the titles from the eye only (styles.css): they stay the links' names,
 * and the hover text. A count of a thousand or more is shown short and rounded down ("8.8K", "10K+"; "1万+" in
 * Chinese) so the title beside it is not cut at 1,280 px, and "99+" past 99 in the icon rail; the exact figure is its
 * label and hover text, and Home and the Attention screen show it in full.
 */
export function Navigation({ items, current }: { items: readonly NavItem[]; current: ScreenName }) {
  const t = useT();
  const meaning = (screen: ScreenName, count: number, atLeast: boolean) => {
    const id = atLeast ? COUNT_AT_LEAST_MEANING[screen] : COUNT_MEANING[screen];
    return id ? t(id, { count }) : t(atLeast ? 'frame.count.atLeast' : 'frame.count.value', { count });
  };
  return (
    <nav className="nav" aria-label={t('frame.sections')}>
      <ul>
        {items.map((item) => {
          const Icon = ICONS[item.screen];
          const title = t(`screen.${item.screen}`);
          const countMeaning = item.count ? meaning(item.screen, item.count, item.countAtLeast === true) : '';
          return (
            <li key={item.screen}>
              <a
                href={formatRoute(item.screen)}
                className="nav-link"
                title={title}
                aria-current={item.screen === current ? 'page' : undefined}
              >
                <Icon className="nav-icon" size={18} aria-hidden="true" />
                <span className="nav-label">{title}</span>
                {item.count ? (
                  <span
                    className="nav-count"
                    aria-label={countMeaning}
                    title={countMeaning}
                    data-rail={item.count > RAIL_MAX ? t('frame.count.atLeast', { count: RAIL_MAX }) : undefined}
                  >
                    {t(item.countAtLeast ? 'frame.count.badgeAtLeast' : 'frame.count.badge', { count: item.count })}
                  </span>
                ) : null}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
