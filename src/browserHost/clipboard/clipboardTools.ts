/**
 * Which command-line tools write (and read back) the OS clipboard on this platform, in the order they are tried.
 * The browser host runs on the merchant's own computer, so its process can write the clipboard the browser sees.
 */

export interface ToolCommand {
  command: string;
  args: string[];
}

export interface ClipboardTool {
  /** Writes stdin to the clipboard. */
  copy: ToolCommand;
  /** Prints the clipboard on stdout; absent when the platform has no reader to pair with `copy`. */
  paste?: ToolCommand;
}

export function clipboardTools(platform: NodeJS.Platform, env: Record<string, string | undefined>): ClipboardTool[] {
  if (platform === 'darwin')
    return [{ copy: { command: 'pbcopy', args: [] }, paste: { command: 'pbpaste', args: [] } }];
  if (platform === 'win32')
    return [
      {
        copy: { command: 'clip', args: [] },
        paste: { command: 'powershell', args: ['-NoProfile', '-NonInteractive', '-Command', 'Get-Clipboard -Raw'] },
      },
    ];
  const x11: ClipboardTool[] = [
    {
      copy: { command: 'xclip', args: ['-selection', 'clipboard'] },
      paste: { command: 'xclip', args: ['-selection', 'clipboard', '-o'] },
    },
    {
      copy: { command: 'xsel', args: ['--clipboard', '--input'] },
      paste: { command: 'xsel', args: ['--clipboard', '--output'] },
    },
  ];
  if (!env.WAYLAND_DISPLAY) return x11;
  return [{ copy: { command: 'wl-copy', args: [] }, paste: { command: 'wl-paste', args: ['--no-newline'] } }, ...x11];
}

/** What to install when no tool is there: said in the error. */
export function clipboardInstallHint(platform: NodeJS.Platform, env: Record<string, string | undefined>): string {
  if (platform === 'darwin') return 'pbcopy is part of macOS; check that /usr/bin is on PATH.';
  if (platform === 'win32') return 'clip.exe is part of Windows; check that C:\\Windows\\System32 is on PATH.';
  return env.WAYLAND_DISPLAY
    ? 'Install wl-clipboard (wl-copy), or xclip or xsel (e.g. `sudo apt install wl-clipboard`).'
    : 'Install xclip or xsel (e.g. `sudo apt install xclip`).';
}
