import { describe, expect, it } from 'vitest';
import type { ToolCommand } from './clipboardTools';
import type { ToolOutcome } from './runTool';
import { systemClipboard } from './systemClipboard';

const LINK = 'https://shop.example/items/42?authorizationCode=secret-code';

/**
 * A fake OS: which commands exist, and one clipboard they share. Records every call; never spawns anything, so no
 * test touches the real clipboard.
 */
function fakeOs(installed: string[], options: { failing?: string; reader?: (held: string) => string } = {}) {
  let held = '';
  const calls: Array<{ command: string; args: string[]; input?: string }> = [];
  const run = async (tool: ToolCommand, input?: string): Promise<ToolOutcome> => {
    calls.push({ command: tool.command, args: tool.args, ...(input !== undefined ? { input } : {}) });
    if (!installed.includes(tool.command)) return { kind: 'missing' };
    if (tool.command === options.failing)
      return { kind: 'failed', detail: `${tool.command} exited with 1: Can't open display` };
    if (input !== undefined) {
      held = input;
      return { kind: 'ok', stdout: '' };
    }
    return { kind: 'ok', stdout: options.reader ? options.reader(held) : held };
  };
  const scheduled: Array<{ clear: () => void; ms: number }> = [];
  const schedule = (clear: () => void, ms: number) => void scheduled.push({ clear, ms });
  return {
    run,
    calls,
    scheduled,
    schedule,
    held: () => held,
    copyElsewhere: (text: string) => void (held = text),
  };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('systemClipboard', () => {
  it('X11 without xclip: falls back to xsel, text on stdin, and clears after the delay', async () => {
    const os = fakeOs(['xsel']);
    const clipboard = systemClipboard({ platform: 'linux', env: {}, run: os.run, schedule: os.schedule });
    expect(await clipboard.writeSecret(LINK, 30_000)).toEqual({ ok: true, value: { clearing: true } });
    expect(os.calls[0]).toEqual({ command: 'xclip', args: ['-selection', 'clipboard'], input: LINK });
    expect(os.calls[1]).toEqual({ command: 'xsel', args: ['--clipboard', '--input'], input: LINK });
    expect(os.calls.every((c) => !c.args.some((a) => a.includes('authorizationCode')))).toBe(true);
    expect(os.held()).toBe(LINK);
    expect(os.scheduled.map((s) => s.ms)).toEqual([30_000]);
    os.scheduled[0]!.clear();
    await flush();
    expect(os.held()).toBe('');
  });

  it('a host that stops clears what is pending at once (still only if held), and the timer then does nothing', async () => {
    const os = fakeOs(['pbcopy', 'pbpaste']);
    const clipboard = systemClipboard({ platform: 'darwin', env: {}, run: os.run, schedule: os.schedule });
    await clipboard.writeSecret(LINK, 30_000);
    await clipboard.clearPendingNow();
    expect(os.held()).toBe('');
    os.copyElsewhere('later text');
    os.scheduled[0]!.clear();
    await flush();
    expect(os.held()).toBe('later text');
  });

  it('does not clear what the merchant copied since', async () => {
    const os = fakeOs(['wl-copy', 'wl-paste']);
    const clipboard = systemClipboard({
      platform: 'linux',
      env: { WAYLAND_DISPLAY: 'w' },
      run: os.run,
      schedule: os.schedule,
    });
    expect(await clipboard.writeSecret(LINK, 30_000)).toMatchObject({ ok: true, value: { clearing: true } });
    os.copyElsewhere('my own note');
    os.scheduled[0]!.clear();
    await flush();
    expect(os.held()).toBe('my own note');
    expect(os.calls.filter((c) => c.input === '')).toEqual([]);
  });

  it('Windows: clip writes; PowerShell reads back (its trailing line break ignored)', async () => {
    const os = fakeOs(['clip', 'powershell'], { reader: (held) => `${held}\r\n` });
    const clipboard = systemClipboard({ platform: 'win32', env: {}, run: os.run, schedule: os.schedule });
    expect(await clipboard.writeSecret(LINK, 60_000)).toEqual({ ok: true, value: { clearing: true } });
    os.scheduled[0]!.clear();
    await flush();
    expect(os.held()).toBe('');
  });

  it('with no reader installed: copies, does not promise a clearing, and says why', async () => {
    const os = fakeOs(['clip']);
    const clipboard = systemClipboard({ platform: 'win32', env: {}, run: os.run, schedule: os.schedule });
    const r = await clipboard.writeSecret(LINK, 60_000);
    expect(r).toMatchObject({
      ok: true,
      value: { clearing: false, notClearedReason: expect.stringContaining('powershell is not installed') },
    });
    expect(os.scheduled).toEqual([]);
    expect(os.held()).toBe(LINK);
  });

  it('no clearing asked (null): written, nothing read back or scheduled', async () => {
    const os = fakeOs(['pbcopy', 'pbpaste']);
    const clipboard = systemClipboard({ platform: 'darwin', env: {}, run: os.run, schedule: os.schedule });
    expect(await clipboard.writeSecret(LINK, null)).toEqual({ ok: true, value: { clearing: false } });
    expect(os.calls.map((c) => c.command)).toEqual(['pbcopy']);
    expect(os.scheduled).toEqual([]);
  });

  it('no tool at all: a typed error naming what to install; the link is in no message', async () => {
    const os = fakeOs([]);
    const clipboard = systemClipboard({ platform: 'linux', env: {}, run: os.run, schedule: os.schedule });
    const r = await clipboard.writeSecret(LINK, 30_000);
    expect(r).toMatchObject({
      ok: false,
      error: { kind: 'io', code: 'clipboard-unavailable', message: expect.stringContaining('xclip, xsel') },
    });
    if (r && !r.ok) expect(r.error.action).toMatch(/Install xclip or xsel/);
    expect(JSON.stringify(r)).not.toContain('secret-code');
  });

  it('a tool that runs and fails (no display): says what happened and what to do, the tool’s words to the log only', async () => {
    const os = fakeOs(['xclip', 'xsel'], { failing: 'xclip' });
    const logged: string[] = [];
    const clipboard = systemClipboard({
      platform: 'linux',
      env: {},
      run: os.run,
      schedule: os.schedule,
      log: (l) => logged.push(l),
    });
    const r = await clipboard.writeSecret(LINK, 30_000);
    expect(r).toMatchObject({ ok: false, error: { kind: 'io', code: 'clipboard-no-display' } });
    if (r && !r.ok) {
      expect(r.error.message).toMatch(/clipboard.*no display/);
      expect(r.error.action).toMatch(/Open in browser/);
      expect(`${r.error.message} ${r.error.action}`).not.toMatch(/xclip|exited/);
    }
    expect(logged.join('\n')).toContain("xclip exited with 1: Can't open display");
    expect(logged.join('\n')).not.toContain('secret-code');
    expect(os.calls.map((c) => c.command)).toEqual(['xclip']);
  });

  it('a clearing whose read-back fails is logged (without the link) and clears nothing', async () => {
    let reads = 0;
    const os = fakeOs(['pbcopy', 'pbpaste']);
    const run = async (tool: ToolCommand, input?: string): Promise<ToolOutcome> =>
      tool.command === 'pbpaste' && ++reads > 1
        ? { kind: 'failed', detail: 'pbpaste exited with 1' }
        : os.run(tool, input);
    const lines: string[] = [];
    const clipboard = systemClipboard({
      platform: 'darwin',
      env: {},
      run,
      schedule: os.schedule,
      log: (l) => lines.push(l),
    });
    expect(await clipboard.writeSecret(LINK, 30_000)).toMatchObject({ ok: true, value: { clearing: true } });
    os.scheduled[0]!.clear();
    await flush();
    expect(os.held()).toBe(LINK);
    expect(lines).toEqual([expect.stringContaining('could not be read back')]);
    expect(lines.join('')).not.toContain('secret-code');
  });
});
