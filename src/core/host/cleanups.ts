/** Runs a host's cleanups, newest first; one failing does not keep the others from running. */
export async function runCleanups(cleanups: Array<() => void | Promise<void>>): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch (e) {
      console.error('[core host] a cleanup failed:', e);
    }
  }
}
