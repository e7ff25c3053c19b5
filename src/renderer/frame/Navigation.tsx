import { formatRoute, type ScreenName } from '../router';

export interface NavItem {
  screen: ScreenName;
  label: string;
  /** A count shown beside the label (what needs attention there), or null. */
  count?: number | null;
}

/** The app's sections; the current one is marked for assistive technology too. */
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
              <span>{item.label}</span>
              {item.count ? (
                <span className="nav-count" aria-label={`${item.count} need attention`}>
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
