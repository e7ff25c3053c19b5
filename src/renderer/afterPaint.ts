/**
 * Resolves once the next frame is painted (a task queued from its animation callback), or after 100 ms when no
 * frame comes (a hidden window paints none).
 *
 * What the frame does not need waits for it. At the app's start the first render draws the frame and the Orders
 * list's first rows together (main.tsx); the reads the frame's other parts start from its effects (the app's
 * version, the profiles, the sync status, the language setting, the list's status values) ran before that frame was
 * painted — React runs a render's effects before the browser's next frame when an update is pending — and each one's
 * loading state re-rendered the frame before it was painted: ~30 ms of a traced first load at a million orders
 * (issue 26). Their answers came after the frame either way.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
