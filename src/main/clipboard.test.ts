import { describe, expect, it } from 'vitest';
import { clearSecretOnQuit, secretClipboard, type ClipboardTimers, type QuitEvents } from './clipboard';

function fakes() {
  const board = { text: 'before', writes: [] as string[] };
  const clipboard = {
    writeText: (t: string) => {
      board.text = t;
      board.writes.push(t);
    },
    readText: () => board.text,
  };
  const due: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  const timers: ClipboardTimers = {
    setTimeout: (run, ms) => {
      const t = { run, ms, cleared: false };
      due.push(t);
      return t;
    },
    clearTimeout: (h) => void ((h as { cleared: boolean }).cleared = true),
  };
  const fire = async () => {
    due.filter((t) => !t.cleared).forEach((t) => t.run());
    await new Promise((r) => setImmediate(r));
  };
  return { board, clipboard, timers, due, fire };
}

describe('secretClipboard', async () => {
  it('writes the secret and clears it after the delay while the clipboard still holds it', async () => {
    const f = fakes();
    secretClipboard(f.clipboard, f.timers).writeSecret('https://sso/link?code=1', 30_000);
    expect(f.board.text).toBe('https://sso/link?code=1');
    expect(f.due.map((t) => t.ms)).toEqual([30_000]);
    await f.fire();
    expect(f.board.text).toBe('');
  });

  it('leaves what the merchant copied since alone', async () => {
    const f = fakes();
    secretClipboard(f.clipboard, f.timers).writeSecret('https://sso/link?code=1', 30_000);
    f.clipboard.writeText('their own text');
    await f.fire();
    expect(f.board.text).toBe('their own text');
  });

  it('a newer secret cancels the older clear; null keeps it until replaced', async () => {
    const f = fakes();
    const port = secretClipboard(f.clipboard, f.timers);
    port.writeSecret('link-1', 30_000);
    port.writeSecret('link-2', null);
    await f.fire();
    expect(f.board.text).toBe('link-2');
    expect(f.due).toHaveLength(1);
    expect(f.due[0]!.cleared).toBe(true);
  });

  describe('quitting the app', () => {
    /** A fake `app`: the quit path registers on it, `quit()` emits will-quit as Electron does. */
    const fakeApp = () => {
      const listeners: (() => void)[] = [];
      const app: QuitEvents = { on: (_event, listener) => void listeners.push(listener) };
      return { app, quit: () => listeners.forEach((l) => l()) };
    };

    it('clears a link still waiting for its clear, at once (before the process ends), and cancels its timer', () => {
      const f = fakes();
      const a = fakeApp();
      const port = secretClipboard(f.clipboard, f.timers);
      clearSecretOnQuit(a.app, port);
      port.writeSecret('https://sso/link?code=1', 30_000);
      a.quit();
      // Synchronous: no await between the quit and the check.
      expect(f.board.text).toBe('');
      expect(f.due[0]!.cleared).toBe(true);
    });

    it('leaves what the merchant copied since, a link kept "until replaced", and a link already cleared', async () => {
      const copiedSince = fakes();
      const a = fakeApp();
      const port = secretClipboard(copiedSince.clipboard, copiedSince.timers);
      clearSecretOnQuit(a.app, port);
      port.writeSecret('https://sso/link?code=1', 30_000);
      copiedSince.clipboard.writeText('their own text');
      a.quit();
      expect(copiedSince.board.text).toBe('their own text');

      const kept = fakes();
      const b = fakeApp();
      const keptPort = secretClipboard(kept.clipboard, kept.timers);
      clearSecretOnQuit(b.app, keptPort);
      keptPort.writeSecret('https://sso/link?code=2', null);
      b.quit();
      expect(kept.board.text).toBe('https://sso/link?code=2');

      const done = fakes();
      const c = fakeApp();
      const donePort = secretClipboard(done.clipboard, done.timers);
      clearSecretOnQuit(c.app, donePort);
      donePort.writeSecret('https://sso/link?code=3', 30_000);
      await done.fire();
      done.clipboard.writeText('https://sso/link?code=3');
      const writes = done.board.writes.length;
      c.quit();
      expect(done.board.writes).toHaveLength(writes);
    });

    it('an asynchronous clipboard is cleared once it answers', async () => {
      const f = fakes();
      const a = fakeApp();
      const port = secretClipboard({ ...f.clipboard, readText: async () => f.board.text }, f.timers);
      clearSecretOnQuit(a.app, port);
      port.writeSecret('https://sso/link?code=1', 30_000);
      a.quit();
      await new Promise((r) => setImmediate(r));
      expect(f.board.text).toBe('');
    });
  });
});
