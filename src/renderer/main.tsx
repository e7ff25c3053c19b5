import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './frame/ErrorBoundary';
import { parseHash } from './router';
import { prepareScreen, preloadScreens } from './screens';
import './design/tokens.css';
import './design/components.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Merchant Desk: #root element missing from index.html');

// In development (Vite): an edit that reaches the screens' registry (a catalog text, through the stores it imports) is
// taken here — the frame imports the registry too and is refreshed in place; without this acceptance the page would
// reload, as this entry cannot refresh itself (browserHostDev.test.ts keeps an edit from reloading the page).
import.meta.hot?.accept('./screens', () => {});

// The first screen's chunk and data are asked before React renders the frame (a hash change does the same before
// the app renders the new screen).
const firstScreenReady = prepareScreen(parseHash(window.location.hash));
window.addEventListener('hashchange', () => void prepareScreen(parseHash(window.location.hash)));
// The other screens' chunks once the first screen has had its start to itself.
const PRELOAD_SCREENS_AFTER_MS = 3_000;
window.setTimeout(
  () => ('requestIdleCallback' in window ? window.requestIdleCallback(preloadScreens) : preloadScreens()),
  PRELOAD_SCREENS_AFTER_MS,
);

/**
 * How long the first render waits for the first screen's data (the Orders list's first page). The host answers it
 * in tens of milliseconds once asked; rendering the frame meanwhile only made the answer wait for the page (a render
 * of the frame with an empty list, its style and layout, its paint), and then the rows needed a second render and
 * layout. Waiting, the first render draws the frame and the first rows together. A slower answer (a host still
 * starting) does not hold the frame longer than this: the list then shows its loading state and the rows follow.
 */
const FIRST_DATA_WAIT_MS = 250;

const root = createRoot(container);
function renderApp(): void {
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <App />
      </ErrorBoundary>
    </StrictMode>,
  );
}

void Promise.race([firstScreenReady, new Promise((wait) => window.setTimeout(wait, FIRST_DATA_WAIT_MS))]).then(
  renderApp,
);
