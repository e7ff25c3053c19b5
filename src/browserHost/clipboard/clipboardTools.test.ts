import { describe, expect, it } from 'vitest';
import { clipboardInstallHint, clipboardTools } from './clipboardTools';

const commands = (platform: NodeJS.Platform, env: Record<string, string> = {}) =>
  clipboardTools(platform, env).map((t) => [t.copy.command, t.paste?.command]);

describe('clipboardTools', () => {
  it('macOS: pbcopy / pbpaste', () => {
    expect(commands('darwin', { WAYLAND_DISPLAY: 'wayland-0' })).toEqual([['pbcopy', 'pbpaste']]);
  });

  it('Windows: clip, read back with PowerShell', () => {
    expect(commands('win32')).toEqual([['clip', 'powershell']]);
  });

  it('Linux under Wayland: wl-copy first, then the X11 tools (XWayland)', () => {
    expect(commands('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toEqual([
      ['wl-copy', 'wl-paste'],
      ['xclip', 'xclip'],
      ['xsel', 'xsel'],
    ]);
  });

  it('Linux under X11: xclip then xsel, on the CLIPBOARD selection (not PRIMARY)', () => {
    const tools = clipboardTools('linux', { DISPLAY: ':0' });
    expect(tools.map((t) => t.copy.command)).toEqual(['xclip', 'xsel']);
    expect(tools[0]!.copy.args).toEqual(['-selection', 'clipboard']);
    expect(tools[1]!.copy.args).toEqual(['--clipboard', '--input']);
  });

  it('no tool takes the text as an argument', () => {
    for (const platform of ['darwin', 'win32', 'linux', 'freebsd'] as const)
      for (const t of clipboardTools(platform, { WAYLAND_DISPLAY: 'w' }))
        expect(t.copy.args.every((a) => a.startsWith('-') || a === 'clipboard')).toBe(true);
  });

  it('says what to install', () => {
    expect(clipboardInstallHint('linux', {})).toMatch(/xclip or xsel/);
    expect(clipboardInstallHint('linux', { WAYLAND_DISPLAY: 'w' })).toMatch(/wl-clipboard/);
  });
});
