import { screenTable, type ScreenName } from '../../shared/screens';
import { formatRoute } from '../router';

export interface NavItem {
  screen: ScreenName;
  /** A count shown beside the title (what needs attention there), or null. */
  count?: number | null;
}

/** What each section's count counts, for assistive technology (and anyone reading the label). */
const COUNT_MEANING: Partial<Record<ScreenName, (n: number) => string>> = {
  'after-sales': (n) => `${n} awaiting a decision`,
  attention: (n) => `${n} ${n === 1 ? 'order needs' : 'orders need'} attention`,
};

/** The app's sections (their titles from the screen table); the current one is marked for assistive technology. */
export function Navigation({ items, current }: { items: readonly NavItem[]; current: ScreenName }) {
  return (
    <nav className="nav" aria-label="Sections">
      <ul>
        {items.map((item) => (
          <li key={item.screen}>
            <a
              href={formatRoute(item.screen)}
              className="nav-link"
              aria-current={item.screen === current ? 'page' : undefined}
            >
              <span>{screenTable[item.screen].title}</span>
              {item.count ? (
                <span className="nav-count" aria-label={COUNT_MEANING[item.screen]?.(item.count) ?? String(item.count)}>
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
