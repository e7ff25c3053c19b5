import { describe, expect, it } from 'vitest';
import { openLinkInBrowser } from './openBrowser';

const LINK = 'https://shop.example/items/42?authorizationCode=secret-code';

/** A real child process standing in for the opener: node running a line of script (the link is its last argument). */
const opener = (script: string) => () => ({ command: process.execPath, args: ['-e', script] });

describe('openLinkInBrowser', () => {
  it('answers opened when the opener exits 0', async () => {
    expect(await openLinkInBrowser(LINK, { opener: opener('process.exit(0)') })).toEqual({
      ok: true,
      value: undefined,
    });
  });

  it('answers not opened, in words, when the opener fails (xdg-open without a display); its output to the log', async () => {
    const logged: string[] = [];
    const r = await openLinkInBrowser(LINK, {
      opener: opener('process.stderr.write("Error: Can\'t open display: (null)\\n"); process.exit(3)'),
      log: (l) => logged.push(l),
    });
    expect(r).toMatchObject({ ok: false, error: { kind: 'io', code: 'browser-no-display' } });
    if (!r.ok) {
      expect(r.error.message).toMatch(/cannot start your browser/);
      expect(r.error.action).toMatch(/Copy login link/);
    }
    expect(logged.join('\n')).toMatch(/exited with 3: Error: Can't open display/);
    expect(JSON.stringify([r, logged])).not.toContain('secret-code');
  });

  it('answers not opened when there is no opener at all', async () => {
    const r = await openLinkInBrowser(LINK, { opener: () => ({ command: 'md-no-such-opener', args: [] }) });
    expect(r).toMatchObject({ ok: false, error: { code: 'browser-failed' } });
  });

  it('takes an opener still running after the settle time as opened (some wait for the browser to close)', async () => {
    const r = await openLinkInBrowser(LINK, { opener: opener('setTimeout(() => {}, 2000)'), settleMs: 200 });
    expect(r.ok).toBe(true);
  });
});
