import { Option, type Command } from 'commander';
import { startBrowserHost, type BrowserHostStartError } from '../../browserHost/server';
import { browserHostImplementations } from '../../browserHost/implementations';
import { browserHostLocalManagementPorts } from '../../browserHost/localManagementPorts';
import { openInBrowser, writeRedirectFile } from '../../browserHost/openBrowser';
import { startDevRenderer, type DevPages } from '../../browserHost/devRenderer';
import { systemClipboard } from '../../browserHost/clipboard/systemClipboard';
import { createExportDownloads } from '../../browserHost/exportDownloads';
import { findProjectRoot, findRendererDir } from '../../browserHost/rendererDir';
import { describeUnexpected } from '../../core/logging/redact';
import { createIpcGate, describeGateProblem } from '../../shared/ipc/gate';
import { environmentConfigured, profileForApiCommand } from '../context';
import { CliError, CliInputError, ExitCode } from '../io';
import { parseIntegerIn } from '../options';
import type { CommandContext, CommandRunner } from '../runner';
import { sandboxContext, startSandboxForUi } from './uiSandbox';
import { uiUseCases } from '../uiUseCases';
import { startUiPoller } from '../uiPoller';
import type { Poller } from '../../appHost/shell/poller';
import { reopenOnProfileChange } from '../../appHost/reopenOnProfileChange';

/** The environment mode has no profile to say how often: the profile's own default. */
const DEFAULT_POLL_SECONDS = 60;

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
        if (flags.sandbox) {
          const started = await startSandboxForUi(ctx, sandboxPort !== undefined ? { port: sandboxPort } : {});
          if (!started.ok) throw new CliError(`The sandbox could not be set up: ${started.error}`);
          if (started.value.kind === 'sandbox') {
            const { session } = started.value;
            stopSandbox = () => session.sandbox.stop();
            if (session.fallbackReason) ctx.io.stderr(session.fallbackReason);
            served = sandboxContext(ctx, session.identity);
            ctx.io.stderr(
              `Sandbox platform${session.created ? ' (new sandbox profile)' : ''}: ${session.sandbox.baseUrl} — demo data.`,
            );
            ctx.io.stderr(
              session.sync.ok
                ? `First sync done: ${session.sync.value.cached} orders cached.`
                : `The first sync failed: ${session.sync.error}`,
            );
          } else ctx.io.stderr(`Profile "${started.value.profile.id}" is a merchant profile: no sandbox started.`);
        }
        const settings = describeSettings(served);
        const downloads = createExportDownloads();
        const clipboard = systemClipboard({ log: ctx.io.stderr });
        const useCases = uiUseCases(served, {
          openExternal: async (url) =>
            openInBrowser(url, () => ctx.io.stderr(`Could not open a browser for ${new URL(url).origin}.`)),
          clipboard,
          downloads,
        });
        let reopen = async () => {};
        const gate = createIpcGate({
          // A profile switch (or a change of its settings) moves the page's calls to the profile active then.
          implementations: reopenOnProfileChange(
            browserHostImplementations(
              {
                version: program.version() ?? '0.0.0',
                ports: browserHostLocalManagementPorts({ ...ctx.services(), log: ctx.io.stderr }),
              },
              useCases.app,
            ),
            () => reopen(),
          ),
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
        });
        if (!started.ok) {
          if ('dev' in pages) await pages.dev.close();
          await stopSandbox();
          throw startError(started.error);
        }
        const host = started.value;
        useCases.publishTo(host);
        // Polls the served profile in the background, as the desktop app does (its state reaches the pages); a
        // profile switch from the page reopens the session and the poller for the new active profile.
        let poller: Poller | undefined;
        const startPolling = () => {
          poller?.stop();
          const polled = useCases.app.session();
          poller = polled.ok
            ? startUiPoller({
                app: useCases.app,
                profileId: polled.value.profileId,
                intervalMs: () => 1000 * (pollSecondsOf(served) ?? DEFAULT_POLL_SECONDS),
                publisher: host,
              })
            : undefined;
        };
        reopen = async () => {
          if (useCases.reopen()) startPolling();
        };
        useCases.whenReopened(startPolling);
        startPolling();
        // The one line on stdout: the address with this start's token (a secret, shown only here).
        ctx.io.stdout(ctx.json ? JSON.stringify({ url: host.url }) : `Merchant Desk UI: ${host.url}`);
        ctx.io.stderr(settings);
        let removeRedirect = async () => {};
        if (flags.open) {
          const redirect = await writeRedirectFile(host.url);
          removeRedirect = redirect.remove;
          openInBrowser(redirect.fileUrl, () =>
            ctx.io.stderr('Could not open a browser: open the address above yourself.'),
          );
        }
        ctx.io.stderr('Serving on 127.0.0.1 only. Press Ctrl+C to stop.');
        await new Promise<void>((resolve) => {
          if (ctx.io.signal?.aborted) return resolve();
          ctx.io.signal?.addEventListener('abort', () => resolve(), { once: true });
        });
        // Open pages learn that their host is gone (and can say so) before the connection closes.
        host.publish('host:state', { state: 'stopped', message: 'merchant-desk ui was stopped.', logFile: null });
        poller?.stop();
        await host.close();
        // A copied login link is not left on the clipboard past the host that promised to clear it.
        await clipboard.clearPendingNow();
        await stopSandbox();
        useCases.close();
        await removeRedirect();
        ctx.io.stderr('Merchant Desk UI stopped.');
        return ExitCode.ok;
      }),
    );
}
