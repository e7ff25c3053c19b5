import { Option, type Command } from 'commander';
import { startBrowserHost, type BrowserHostStartError } from '../../browserHost/server';
import { browserHostLocalManagementPorts } from '../../browserHost/localManagementPorts';
import { openInBrowser, openLinkInBrowser, writeRedirectFile } from '../../browserHost/openBrowser';
import { startDevRenderer, type DevPages } from '../../browserHost/devRenderer';
import { systemClipboard } from '../../browserHost/clipboard/systemClipboard';
import { createExportDownloads } from '../../browserHost/exportDownloads';
import { invokeTraceFromEnvironment } from '../../browserHost/invokeTrace';
import { findProjectRoot, findRendererDir } from '../../browserHost/rendererDir';
import { describeUnexpected } from '../../core/logging/redact';
import { createIpcGate, describeGateProblem } from '../../shared/ipc/gate';
import { environmentConfigured, profileForApiCommand } from '../context';
import { CliError, CliInputError, ExitCode } from '../io';
import { parseIntegerIn } from '../options';
import type { CommandContext, CommandRunner } from '../runner';
import { sandboxContext, startSandboxForUi } from './uiSandbox';
import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { composeApp } from '../../appHost/composeApp';
import { desktopHostOperations } from '../../appHost/coreHost/hostOperations';
import { createInProcessCoreHost } from '../../core/host/inProcessHost';
import { reopenOnOutsideChange } from '../../appHost/reopenOnOutsideChange';
import { createSyncLoop, NO_NETWORK_SIGNAL, NO_POWER_SIGNAL } from '../../appHost/shell/syncLoop';
import { settingsFilePath } from '../../core/profiles/confProfileStore';
import type { IpcEventPublisher } from '../../shared/ipc/events';
import { findCoreHostEntry, startUiCoreHost, uiCoreHostLog } from '../ui/coreHostChild';
import { uiSecrets, uiSessionConfig } from '../ui/uiSessionConfig';

/** The environment mode has no profile to say how often: the profile's own default. */
const DEFAULT_POLL_SECONDS = 60;

/** The app-wide clearing delay as stored; its default when the settings cannot be read (the page says why elsewhere). */
const DEFAULT_CLIPBOARD_CLEAR_MS = 120_000;

function pollSecondsOf(ctx: CommandContext): number | undefined {
  return profileForApiCommand(ctx.options, ctx.io.env, () => ctx.services().profiles)?.pollIntervalSeconds;
}

interface UiFlags {
  port?: string;
  /** False with --no-open. */
  open: boolean;
  /** --sandbox: first run (sandbox profile, in-process sandbox, first sync) before serving. */
  sandbox?: boolean;
  sandboxPort?: string;
  /** --dev (hidden): the renderer from source through Vite, with hot reload (`npm run dev` without Electron). */
  dev?: boolean;
}

function startError(error: BrowserHostStartError): Error {
  switch (error.kind) {
    case 'renderer-missing':
      return new CliError(
        `The app's pages are not built (${error.file} is missing or unreadable): run \`npm run build\`.`,
      );
    case 'port-in-use':
      return new CliInputError(
        `Port ${error.port} on 127.0.0.1 is taken: pass another --port, or none for a free one.`,
      );
    case 'listen-failed':
      return new CliError(`Cannot serve on 127.0.0.1: ${error.message}.`);
  }
}

/** Which settings the page's calls use: resolved as every command resolves them. */
function describeSettings(ctx: CommandContext): string {
  const profile = profileForApiCommand(ctx.options, ctx.io.env, () => ctx.services().profiles);
  const where = `data directory ${ctx.dataDir()}`;
  if (profile !== null) return `Profile "${profile.id}", ${where}.`;
  if (environmentConfigured(ctx.io.env)) return `No profile: the MERCHANT_DESK_* environment settings, ${where}.`;
  return `No profile yet (merchant-desk profiles add ID … --use), ${where}.`;
}

/** The environment mode's platform as the page is told it: null while a profile is served. */
function servedEnvironment(ctx: CommandContext, sandbox: boolean): { sandbox: boolean } | null {
  try {
    if (profileForApiCommand(ctx.options, ctx.io.env, () => ctx.services().profiles) !== null) return null;
  } catch {
    return null; // unreadable settings: the page hears why from the settings channels
  }
  return environmentConfigured(ctx.io.env) ? { sandbox } : null;
}

/** Where the pages come from: the built renderer, or with --dev a checkout's renderer source (found up front). */
function pagesSource(dev: boolean, moduleUrl: string): { rendererDir: string } | { projectRoot: string } {
  if (dev) {
    const projectRoot = findProjectRoot(moduleUrl);
    if (projectRoot === undefined)
      throw new CliError('--dev serves the renderer from source: run it from a checkout of Merchant Desk.');
    return { projectRoot };
  }
  const rendererDir = findRendererDir(moduleUrl);
  if (rendererDir === undefined) throw new CliError("The app's pages are not built: run `npm run build`.");
  return { rendererDir };
}

export function registerUi(program: Command, run: CommandRunner): void {
  program
    .command('ui')
    .description('serve the app in your browser on 127.0.0.1, until Ctrl+C (the app minus tray and OS notifications)')
    .option('--port <N>', 'port on 127.0.0.1 (default: a free one)')
    .option('--no-open', 'do not open the default browser; only print the address')
    .option(
      '--sandbox',
      'with no profile, create the sandbox profile; run the sandbox platform in this process and sync it first',
    )
    .option('--sandbox-port <N>', "the new sandbox profile's port (default: a free one; 0 = a free one)")
    .addOption(new Option('--dev', 'serve the renderer from source with hot reload (a checkout only)').hideHelp())
    .action((flags: UiFlags) =>
      run(async (ctx) => {
        const port = parseIntegerIn('--port', flags.port, 0, 65_535);
        const sandboxPort = parseIntegerIn('--sandbox-port', flags.sandboxPort, 0, 65_535);
        const source = pagesSource(flags.dev === true, import.meta.url);
        let stopSandbox = async () => {};
        // The context the page's session uses: the keychain-less sandbox runs in the environment mode.
        let served = ctx;
        // The keychain-less sandbox is served with no profile: the page is told its platform is the sandbox.
        let environmentIsSandbox = false;
        if (flags.sandbox) {
          const started = await startSandboxForUi(ctx, sandboxPort !== undefined ? { port: sandboxPort } : {});
          if (!started.ok) throw new CliError(`The sandbox could not be set up: ${started.error}`);
          if (started.value.kind === 'sandbox') {
            const { session } = started.value;
            stopSandbox = () => session.sandbox.stop();
            if (session.fallbackReason) ctx.io.stderr(session.fallbackReason);
            served = sandboxContext(ctx, session.identity);
            environmentIsSandbox = session.identity.mode === 'environment';
            ctx.io.stderr(
              `Sandbox platform${session.created ? ' (new sandbox profile)' : ''}: ${session.sandbox.baseUrl} — demo data.`,
            );
            ctx.io.stderr(
              session.sync.ok
                ? `${session.sync.value.mode === 'full' ? 'First sync' : 'Sync'} done: ${session.sync.value.cached} orders cached.`
                : `The first sync failed: ${session.sync.error}`,
            );
          } else ctx.io.stderr(`Profile "${started.value.profile.id}" is a merchant profile: no sandbox started.`);
        }
        const settings = describeSettings(served);
        const hostEntry = findCoreHostEntry();
        if (hostEntry === undefined && !ctx.io.coreHostInProcess) {
          await stopSandbox();
          throw new CliError("The app's core host is not built (core-host.js is missing): run `npm run build`.");
        }
        const downloads = createExportDownloads();
        const clipboard = systemClipboard({ log: ctx.io.stderr });
        // The pages get the events once the browser host listens (the composition is built before it).
        let pagesEvents: IpcEventPublisher | undefined = undefined;
        const events: IpcEventPublisher = {
          publish: (event, payload) => pagesEvents?.publish(event, payload) ?? false,
        };
        const dataDir = served.dataDir();
        const local = browserHostLocalManagementPorts({ ...ctx.services(), log: ctx.io.stderr });
        // The same composition the desktop app runs (src/appHost), over a core host in a Node child process.
        const composed = composeApp({
          version: () => program.version() ?? '0.0.0',
          local: { ...local, logFile: uiCoreHostLog(dataDir) },
          sessionConfig: () => uiSessionConfig(served),
          startHost: (config) =>
            hostEntry === undefined || ctx.io.coreHostInProcess
              ? createInProcessCoreHost({
                  operations: desktopHostOperations,
                  config: { session: config },
                  secrets: uiSecrets(served, config),
                })
              : startUiCoreHost({
                  entry: hostEntry,
                  dataDir,
                  secrets: uiSecrets(served, config),
                  config: { session: config },
                }),
          events,
          clipboard,
          // The browser host's opener (`merchant-desk ui`), not Electron's shell: it answers whether the browser
          // opened, so the page never says "opened" when it was not. A login link carries a live code: the browser
          // gets an owner-only redirect page, never the link on its command line (openLinkInBrowser).
          openExternal: (url) => openLinkInBrowser(url, { log: ctx.io.stderr }), // eng-disable OPEN_EXTERNAL_JS_CHECK
          // A browser tab has no tray and no login item; a profile-less session says whether it is the sandbox.
          capabilities: { tray: false, openAtLogin: false, updates: false },
          environment: () => servedEnvironment(served, environmentIsSandbox),
          clipboardClearMs: () => {
            const app = ctx.services().profiles.appSettings();
            if (!app.ok) return DEFAULT_CLIPBOARD_CLEAR_MS;
            const seconds = app.value.clipboardClearSeconds;
            return seconds === null ? null : seconds * 1000;
          },
          exportDestination: {
            kind: 'download',
            temporaryFile: async (format) => {
              // Owner-only: the export holds the merchant's orders until the page fetches it (once).
              const dir = await mkdtemp(path.join(tmpdir(), 'merchant-desk-export-'));
              return {
                file: path.join(dir, `export.${format}`),
                remove: () => void rm(dir, { recursive: true, force: true }),
              };
            },
            offer: (download) => downloads.offer(download),
          },
          afterProfileChange: (changed) => {
            if (changed) loop.start();
          },
          warn: ctx.io.stderr,
        });
        // The core host starts and opens the cache while the page loads, not when the page first asks.
        composed.startAhead();
        // Polls the served profile in the background, as the desktop app does (its state reaches the pages); a
        // profile switch from the page starts it anew for the profile active then.
        const loop = createSyncLoop({
          profile: () => {
            const id = composed.profileHost.profileId();
            return id === null ? null : { id, pollIntervalSeconds: pollSecondsOf(served) ?? DEFAULT_POLL_SECONDS };
          },
          syncNow: () => composed.queries.syncNow(),
          cacheComplete: () => composed.queries.cacheComplete(),
          events,
          // The browser host has no online/offline or power signal of its own: a network failure shows as the
          // poller's error state.
          network: NO_NETWORK_SIGNAL,
          power: NO_POWER_SIGNAL,
          // `ui --sandbox` has just synced, and a profile switched to from the page is synced by the merchant's click.
          firstPoll: 'after-interval',
        });
        // The settings file's size and time: a change made elsewhere (`merchant-desk profiles edit` while the page is
        // open) reaches the next call.
        const settingsFile = settingsFilePath(dataDir);
        const settingsStamp = () => {
          try {
            const stat = statSync(settingsFile);
            return `${stat.mtimeMs}:${stat.size}`;
          } catch {
            return 'none';
          }
        };
        const gate = createIpcGate({
          implementations: reopenOnOutsideChange(composed.implementations, {
            stamp: settingsStamp,
            reopen: async () => {
              if (await composed.reopen()) loop.start();
            },
          }),
          report: (problem) => ctx.io.stderr(describeGateProblem(problem, describeUnexpected)),
        });
        let pages: { rendererDir: string } | { dev: DevPages };
        if (!('projectRoot' in source)) pages = source;
        else {
          const dev = await startDevRenderer({ projectRoot: source.projectRoot });
          if (!dev.ok) {
            await stopSandbox();
            throw new CliError(dev.error);
          }
          pages = { dev: dev.value };
        }
        const started = await startBrowserHost({
          ...pages,
          gate,
          downloads,
          ...(port !== undefined ? { port } : {}),
          log: ctx.io.stderr,
          ...invokeTraceFromEnvironment(),
        });
        if (!started.ok) {
          if ('dev' in pages) await pages.dev.close();
          await composed.dispose();
          await stopSandbox();
          throw startError(started.error);
        }
        const host = started.value;
        pagesEvents = host;
        loop.start();
        // The one line on stdout: the address with this start's token (a secret, shown only here).
        ctx.io.stdout(ctx.json ? JSON.stringify({ url: host.url }) : `Merchant Desk UI: ${host.url}`);
        ctx.io.stderr(settings);
        const redirects: Array<() => Promise<void>> = [];
        const openAddress = async (url: string) => {
          const redirect = await writeRedirectFile(url);
          redirects.push(redirect.remove);
          openInBrowser(redirect.fileUrl, () =>
            ctx.io.stderr('Could not open a browser: open the address above yourself.'),
          );
        };
        if (flags.open) await openAddress(host.url);
        // The token works once, within a minute (a copy in the browser's history is spent): Enter prints a new one.
        const stopReading = ctx.io.lines?.(() => {
          const url = host.freshUrl();
          ctx.io.stdout(ctx.json ? JSON.stringify({ url }) : `Merchant Desk UI: ${url}`);
          if (flags.open) void openAddress(url);
        });
        ctx.io.stderr(
          `Serving on 127.0.0.1 only. The address works once, within ${host.tokenLifetimeMs / 1000} s${stopReading ? ': press Enter here for a new address' : ''}. Press Ctrl+C to stop.`,
        );
        await new Promise<void>((resolve) => {
          if (ctx.io.signal?.aborted) return resolve();
          ctx.io.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        // Open pages learn that their host is gone (and can say so) before the connection closes.
        host.publish('host:state', { state: 'stopped', message: 'merchant-desk ui was stopped.', logFile: null });
        loop.stop();
        await host.close();
        await composed.dispose();
        // A copied login link is not left on the clipboard past the host that promised to clear it.
        await clipboard.clearPendingNow();
        await stopSandbox();
        stopReading?.();
        for (const remove of redirects) await remove();
        ctx.io.stderr('Merchant Desk UI stopped.');
        return ExitCode.ok;
      }),
    );
}
