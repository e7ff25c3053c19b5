import { describe, expect, it } from 'vitest';
import { secretClipboard, type ClipboardTimers } from './clipboard';

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
});
