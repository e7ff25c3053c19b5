import { spawn } from 'node:child_process';

/** How each desktop opens a URL in the default browser (no shell: the URL is one argument, never parsed). */
export function browserOpener(platform: NodeJS.Platform, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] };
  return { command: 'xdg-open', args: [url] };
}

/** Opens the URL in the default browser; `onFailure` is called when no opener could be started. */
export function openInBrowser(url: string, onFailure: () => void): void {
  const { command, args } = browserOpener(process.platform, url);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', onFailure);
    child.once('exit', (code) => {
      if (code !== 0) onFailure();
    });
    child.unref();
  } catch {
    onFailure();
  }
}
