/**
 * The page side of the orders-list bench (bench/uiOrders.ts), installed as an init script (it runs before the
 * app, outside the page's CSP) and called with page.evaluate. Plain JavaScript in a string: it runs in Chromium,
 * not in Node, so Node's type checking has nothing to say about it.
 */
export const PAGE_PROBES = String.raw`
(() => {
  const longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const last = (name) => performance.getEntriesByName('md:orders:' + name).at(-1);
  const gen = (m) => (m && m.detail ? m.detail.generation : undefined);

  /** The marks of the newest read, once its rows are painted. */
  async function awaitPaint() {
    for (let i = 0; i < 30000; i++) {
      const request = last('request'), answer = last('answer'), paint = last('paint');
      if (request && answer && paint && gen(paint) === gen(request) && gen(answer) === gen(request))
        return { request: request.startTime, answer: answer.startTime, paint: paint.startTime };
      await sleep(2);
    }
    throw new Error('no paint');
  }

  /** Clicks the order-status chip of value (labelled "Completed (4)", or "4" without labels); its click to its paint. */
  async function chipTrial(value) {
    performance.clearMarks();
    const group = [...document.querySelectorAll('fieldset')].find((f) => f.querySelector('legend').textContent === 'Order status');
    const button = [...group.querySelectorAll('button[aria-pressed]')].find(
      (b) => b.textContent === String(value) || b.textContent.endsWith('(' + value + ')'),
    );
    const start = performance.now();
    button.click();
    const m = await awaitPaint();
    return { total: m.paint - start, roundTrip: m.answer - m.request };
  }

  /** Types word into the search, one input event per character 30 ms apart; the debounced commit to its paint. */
  async function searchTrial(word) {
    performance.clearMarks();
    const input = document.querySelector('input[type="search"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    for (let i = 1; i <= word.length; i++) {
      setValue.call(input, word.slice(0, i));
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await sleep(30);
    }
    const m = await awaitPaint();
    const commit = last('commit').startTime;
    return { total: m.paint - commit, roundTrip: m.answer - m.request };
  }

  /** One queryPage call from the page, nothing rendered. */
  async function roundTrip(request) {
    const start = performance.now();
    await window.merchantDesk.invoke('orders:queryPage', request);
    return performance.now() - start;
  }

  /** Scrolls the list a screenful per frame until row target is in the DOM; long tasks counted from the start. */
  async function scrollTo(target) {
    longTasks.length = 0;
    const scroller = document.querySelector('table[role="grid"]').parentElement;
    const lastIndex = () =>
      Number([...document.querySelectorAll('tbody tr[data-id]')].at(-1)?.getAttribute('aria-rowindex') ?? 0) - 1;
    let maxDomRows = 0;
    const start = performance.now();
    while (lastIndex() < target && performance.now() - start < 600000) {
      scroller.scrollTop += scroller.clientHeight;
      await frame();
      maxDomRows = Math.max(maxDomRows, document.querySelectorAll('tbody tr[data-id]').length);
    }
    const wallMs = performance.now() - start;
    await sleep(200);
    return {
      rows: lastIndex(),
      wallMs,
      longTasks: longTasks.filter((d) => d > 50).length,
      longestTaskMs: Math.max(0, ...longTasks),
      maxDomRows,
    };
  }

  window.__mdBench = { awaitPaint, chipTrial, searchTrial, roundTrip, scrollTo };
})();
`;
