/**
 * The app's screens, once. Each name is its route segment (`#/after-sales`); the entry says what the navigation and
 * the command palette call it, where it belongs, and whether main may open it: the `app:navigate` event (a
 * notification, the tray) and the `merchantdesk://` links take their screen names from here. The renderer's router,
 * navigation, palette and screen components (a screen without a component is a compile error there) and main's
 * deep-link parser all read this table.
 */
interface ScreenSpec {
  /** Its name in the navigation, the command palette ("Go to …") and its heading. */
  title: string;
  /** The navigation section it belongs to (itself for a section). */
  section: string;
  /** Main may open it (`app:navigate`, `merchantdesk://<name>`): a list a notification or a link leads to. */
  opensFromMain: boolean;
}

export const screenTable = {
  /** What the app opens on: today's figures, what needs attention, the last 30 days. */
  home: { title: 'Home', section: 'home', opensFromMain: false },
  insights: { title: 'Insights', section: 'insights', opensFromMain: false },
  orders: { title: 'Orders', section: 'orders', opensFromMain: true },
  /** One order's page: reached from a list, or from main with an order ID (`merchantdesk://order/<id>`). */
  order: { title: 'Order', section: 'orders', opensFromMain: false },
  attention: { title: 'Needs attention', section: 'attention', opensFromMain: true },
  'after-sales': { title: 'After-sales', section: 'after-sales', opensFromMain: true },
  buyers: { title: 'Buyers', section: 'buyers', opensFromMain: false },
  settings: { title: 'Settings', section: 'settings', opensFromMain: false },
} as const satisfies Record<string, ScreenSpec>;

export type ScreenName = keyof typeof screenTable;

/** Every screen name, in the table's order. */
export const screenNames = Object.keys(screenTable) as ScreenName[];

/** The navigation's sections, in order: the screens that are their own section. */
export const sectionScreens = screenNames.filter((name) => screenTable[name].section === name);

/** The section a screen belongs to (an order's page: Orders). */
export function sectionOf(screen: ScreenName): ScreenName {
  return screenTable[screen].section;
}

/** A screen main may open (a notification, the tray, a `merchantdesk://` link). */
export type MainTargetScreen = {
  [K in ScreenName]: (typeof screenTable)[K]['opensFromMain'] extends true ? K : never;
}[ScreenName];

/** Those screens' names, as the event schema's enum needs them (a non-empty tuple). */
export const mainTargetScreens = screenNames.filter((name) => screenTable[name].opensFromMain) as [
  MainTargetScreen,
  ...MainTargetScreen[],
];

/** The screen of one order's page: what an `orderId` in `app:navigate` or `merchantdesk://order/<id>` opens. */
export const ORDER_SCREEN = 'order' satisfies ScreenName;
