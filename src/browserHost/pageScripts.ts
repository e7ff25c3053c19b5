/**
 * The two scripts the browser host serves to the page. Each is one self-contained function, written here so it is
 * type-checked and linted, and served as its own source text called with a JSON argument (pageScript). They must
 * therefore use nothing from their module — no imports, no outer constants — only their argument and the page's
 * globals, which are typed below by what they use (this project's Node-side code has no DOM types).
 */

interface PageLocation {
  hash: string;
  pathname: string;
  search: string;
  host: string;
  replace(url: string): void;
}

interface PageResponse {
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}

interface PageGlobals {
  location: PageLocation;
  history: { replaceState(data: null, unused: string, url: string): void };
  document: { getElementById(id: string): { textContent: string | null } | null };
  fetch(
    url: string,
    init: { method: 'POST'; headers: Record<string, string>; body: string; credentials: 'same-origin' },
  ): Promise<PageResponse>;
  WebSocket: new (url: string) => { onmessage: ((message: { data: unknown }) => void) | null };
  reportError(error: unknown): void;
}

/** The source of a script that calls `fn(arg)` in the page. */
export function pageScript<A>(fn: (arg: A) => void, arg: A): string {
  return `(${fn.toString()})(${JSON.stringify(arg)});\n`;
}

/**
 * The exchange page's script: takes the token from the URL's fragment (never sent to a server, never in a log),
 * removes it from the address bar and history, trades it for the HttpOnly session cookie, then loads the app.
 */
export function pageLogin(sessionPath: string): void {
  const page = globalThis as unknown as PageGlobals;
  const say = (text: string) => {
    const element = page.document.getElementById('message');
    if (element) element.textContent = text;
  };
  const match = /^#token=([A-Za-z0-9_-]+)$/.exec(page.location.hash);
  if (!match) return;
  page.history.replaceState(null, '', page.location.pathname);
  page
    .fetch(sessionPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: match[1] }),
      credentials: 'same-origin',
    })
    .then(
      (response) => {
        if (response.ok) page.location.replace('/');
        else
          say(
            'This address carries an access token that is spent: it works once, within a minute of being printed. Press Enter in the terminal where merchant-desk ui runs for a new address, and open that.',
          );
      },
      () => say('Merchant Desk UI is not running: start it again with merchant-desk ui.'),
    );
}

export interface BridgeConfig {
  invokePath: string;
  eventsPath: string;
  events: readonly string[];
}

/**
 * `window.merchantDesk` for a page served by the browser host: the preload's API (`invoke`, `on`) over HTTP POST
 * and a WebSocket, with the preload's behaviour — `invoke` forwards at most one request argument and never
 * rejects (every failure is an error Result), `on` accepts only contract events, gives handlers the payload alone
 * and returns the unsubscribe function.
 */
export function pageBridge(config: BridgeConfig): void {
  const page = globalThis as unknown as PageGlobals;
  // The session cookie is set: the token has no business staying in the address bar (a reload with it is harmless).
  if (page.location.hash.startsWith('#token=')) {
    page.history.replaceState(null, '', page.location.pathname + page.location.search);
  }
  const failure = (kind: string, message: string) => ({ ok: false, error: { kind, message } });
  const handlers = new Map<string, Set<(payload: unknown) => void>>();

  const invoke = (channel: unknown, ...args: unknown[]): Promise<unknown> => {
    let body: string;
    try {
      // JSON has no `undefined`: "no request data" travels as no argument at all.
      body = JSON.stringify({ channel, args: args.length === 0 || args[0] === undefined ? [] : [args[0]] });
    } catch {
      return Promise.resolve(failure('invalid-request', 'The request is not plain data (JSON).'));
    }
    return page
      .fetch(config.invokePath, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        credentials: 'same-origin',
      })
      .then(
        (response) => {
          // 400 and 413 carry the host's own error Result (not JSON, too large): the page shows that, not a status.
          if (response.ok || response.status === 400 || response.status === 413) {
            return response.json().then(
              (answer) => answer,
              () => failure('unavailable', `Merchant Desk UI answered HTTP ${response.status}.`),
            );
          }
          if (response.status === 401 || response.status === 403) {
            return failure(
              'refused',
              "This page's session is not valid any more: open the address merchant-desk ui printed.",
            );
          }
          return failure('unavailable', `Merchant Desk UI answered HTTP ${response.status}.`);
        },
        () => failure('unavailable', 'Merchant Desk UI is not reachable: is merchant-desk ui still running?'),
      );
  };

  const on = (event: unknown, handler: (payload: unknown) => void): (() => void) => {
    if (typeof event !== 'string' || !config.events.includes(event)) {
      throw new TypeError(`Unknown event ${JSON.stringify(String(event))}: it is not in the IPC contract.`);
    }
    let set = handlers.get(event);
    if (!set) handlers.set(event, (set = new Set()));
    // Each subscription is its own entry, as each ipcRenderer.on listener is.
    const subscription = (payload: unknown) => handler(payload);
    set.add(subscription);
    return () => {
      set.delete(subscription);
    };
  };

  const socket = new page.WebSocket(`ws://${page.location.host}${config.eventsPath}`);
  socket.onmessage = (message) => {
    let parsed: { event?: unknown; payload?: unknown };
    try {
      parsed = JSON.parse(String(message.data)) as { event?: unknown; payload?: unknown };
    } catch {
      return;
    }
    const set = typeof parsed.event === 'string' ? handlers.get(parsed.event) : undefined;
    for (const subscription of [...(set ?? [])]) {
      try {
        subscription(parsed.payload);
      } catch (error) {
        page.reportError(error);
      }
    }
  };

  Object.defineProperty(page, 'merchantDesk', {
    value: Object.freeze({ invoke, on }),
    enumerable: true,
    writable: false,
    configurable: false,
  });
}
