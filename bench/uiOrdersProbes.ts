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

  const marks = (name) => performance.getEntriesByName('md:orders:' + name);

  // Every invoke of the bridge (a POST of {channel, args}): its channel, when it was sent and when its answer's body
  // was read (the bridge looks fetch up on the page at each call).
  const invokes = [];
  const pageFetch = window.fetch.bind(window);
  window.fetch = (url, init) => {
    const body = init && init.method === 'POST' && typeof init.body === 'string' ? init.body : null;
    let channel = null;
    try {
      channel = body && body.startsWith('{"channel":') ? JSON.parse(body).channel : null;
    } catch {}
    if (channel === null) return pageFetch(url, init);
    const call = { channel, start: performance.now(), end: NaN };
    invokes.push(call);
    return pageFetch(url, init).then((response) => {
      const json = response.json.bind(response);
      response.json = () => json().finally(() => (call.end = performance.now()));
      return response;
    });
  };
  /** The invokes so far, the POSTs' resource timing, and the page's time origin (epoch ms). */
  function invokeLog() {
    const wire = performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'fetch')
      .map((e) => ({ start: e.startTime, requestStart: e.requestStart, responseStart: e.responseStart, responseEnd: e.responseEnd }));
    return { calls: invokes, wire, timeOrigin: performance.timeOrigin };
  }

  /** The marks of the newest read, once its rows are painted. */
  async function awaitPaint() {
    for (let i = 0; i < 30000; i++) {
      const request = last('request'), answer = last('answer'), paint = last('paint');
      if (request && answer && paint && gen(paint) === gen(request) && gen(answer) === gen(request)) {
        const g = gen(request);
        const frame = marks('frame').filter((m) => gen(m) === g).at(-1);
        // The rows' last commit (and layout) before the frame that shows them.
        const rendered = marks('rendered').filter((m) => gen(m) === g && m.startTime <= frame.startTime).at(-1);
        return {
          request: request.startTime,
          answer: answer.startTime,
          rendered: rendered.startTime,
          frame: frame.startTime,
          vsync: frame.detail.vsync,
          paint: paint.startTime,
        };
      }
      await sleep(2);
    }
    throw new Error('no paint');
  }

  /** The time between animation frames (vsyncs), from their timestamps over a second. */
  let period = 1000 / 60;
  async function measureFramePeriod() {
    const stamps = [];
    await new Promise((done) => {
      const tick = (t) => {
        stamps.push(t);
        if (stamps.length < 60) requestAnimationFrame(tick);
        else done();
      };
      requestAnimationFrame(tick);
    });
    const gaps = stamps.slice(1).map((t, i) => t - stamps[i]).sort((a, b) => a - b);
    period = gaps[Math.floor(gaps.length / 2)];
    return period;
  }

  /**
   * The frames from the answer to the one that shows the rows, counted in vsyncs on the grid of that frame's
   * timestamp (its vsync): the vsyncs passed by that frame, and at least one more than those passed before the
   * rows were committed and laid out (a frame that began late, after its vsync, because the page was busy, is
   * shown a vsync later). 1: painted in the first frame after the answer.
   */
  function framesBetween(m) {
    const ticks = (a, b) => Math.floor((b - m.vsync) / period) - Math.floor((a - m.vsync) / period);
    return Math.max(ticks(m.answer, m.vsync), ticks(m.answer, m.rendered) + 1);
  }

  function trial(start, m) {
    return {
      total: m.paint - start,
      roundTrip: m.answer - m.request,
      // The page's own work: the change to the request, and the answer to the rows committed and laid out.
      own: m.request - start + (m.rendered - m.answer),
      toRequest: m.request - start,
      toRendered: m.rendered - m.answer,
      frames: framesBetween(m),
      marks: { start, ...m },
    };
  }

  /** Clicks the order-status chip of value (labelled "Completed (4)", or "4" without labels); its click to its paint. */
  async function chipTrial(value) {
    performance.clearMarks();
    const group = [...document.querySelectorAll('fieldset')].find((f) => f.querySelector('legend').textContent === 'Order status');
    const button = [...group.querySelectorAll('button[aria-pressed]')].find(
      (b) =>
        b.textContent === String(value) || b.textContent.endsWith('(' + value + ')') || b.title.endsWith(' ' + value),
    );
    await frame();
    const start = performance.now();
    button.click();
    const m = await awaitPaint();
    return trial(start, m);
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
    return trial(last('commit').startTime, m);
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
    let reached = { index: -1, at: start };
    // The gaps between the scroll's frames: the longest says how close the page came to a long task (the longtask
    // entries start at 50 ms).
    const gaps = [];
    let previous = performance.now();
    while (lastIndex() < target && performance.now() - start < 600000) {
      scroller.scrollTop += scroller.clientHeight;
      await frame();
      const now = performance.now();
      gaps.push(now - previous);
      previous = now;
      maxDomRows = Math.max(maxDomRows, document.querySelectorAll('tbody tr[data-id]').length);
      // Progress is the furthest row reached (the last row can step back and forth while rows are measured).
      const index = lastIndex();
      if (index > reached.index) reached = { index, at: performance.now() };
      else if (performance.now() - reached.at > 10000) {
        const table = document.querySelector('table[role="grid"]');
        throw new Error(
          'scrolling stalled at row ' + index + ' (aria-busy ' + table.getAttribute('aria-busy') + ', aria-rowcount ' +
            table.getAttribute('aria-rowcount') + ', scrollTop ' + scroller.scrollTop + ' of ' + scroller.scrollHeight + ')',
        );
      }
    }
    const wallMs = performance.now() - start;
    await sleep(200);
    return {
      rows: lastIndex(),
      wallMs,
      longTasks: longTasks.filter((d) => d > 50).length,
      longestTaskMs: Math.max(0, ...longTasks),
      frames: gaps.length,
      longestFrameMs: Math.max(0, ...gaps),
      framesOver33: gaps.filter((g) => g > 33.4).length,
      maxDomRows,
    };
  }

  window.__mdBench = { invokeLog, measureFramePeriod, awaitPaint, chipTrial, searchTrial, roundTrip, scrollTo };
})();
`;
