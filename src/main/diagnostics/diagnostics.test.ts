import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { rendererCrashPolicy, startLocalCrashReporter, watchCrashes, type CrashWatchPorts } from './crashes';
import { installMainLog, mainLogPath } from './mainLog';
import { presentStartupFailure, startupFailureReport, type StartupFailurePorts } from './startupFailure';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const facts = (logFolder: string) => ({
  version: '0.1.0',
  platform: 'win32',
  arch: 'x64',
  logFolder,
  logFile: path.join(logFolder, 'main.log'),
});

/** A typed fake of the dialog, clipboard and shell: answers the buttons in `choices` order. */
function fakeDialog(choices: number[]): StartupFailurePorts & {
  shown: Parameters<StartupFailurePorts['showMessageBox']>[0][];
  copied: string[];
  opened: string[];
} {
  const shown: Parameters<StartupFailurePorts['showMessageBox']>[0][] = [];
  const copied: string[] = [];
  const opened: string[] = [];
  return {
    shown,
    copied,
    opened,
    showMessageBox: (o) => (shown.push(o), choices.shift() ?? 0),
    copyText: (t) => void copied.push(t),
    openFolder: (f) => void opened.push(f),
  };
}

describe('a failed start', () => {
  it('shows a native error dialog naming the failure and the log path; Copy details copies the report', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-startup-'));
    const logs = path.join(dir, 'logs');
    const error = new Error('EACCES: permission denied, open settings.json (token=sk_live_secret)');
    const report = startupFailureReport(error, facts(logs));
    const dialog = fakeDialog([1, 2, 0]);
    expect(presentStartupFailure(report, logs, dialog)).toEqual(['copied', 'opened', 'quit']);
    expect(dialog.shown).toHaveLength(3);
    const [first] = dialog.shown;
    expect(first).toMatchObject({ type: 'error', title: 'Merchant Desk could not start' });
    expect(first!.buttons).toEqual(['Quit', 'Copy details', 'Open log folder']);
    expect(first!.message).toContain('EACCES: permission denied, open settings.json');
    expect(first!.detail).toContain(`Log: ${path.join(logs, 'main.log')}`);
    expect(dialog.copied).toEqual([report.details]);
    expect(report.details).toContain('Merchant Desk 0.1.0 on win32 x64');
    expect(dialog.opened).toEqual([logs]);
    // No secret in the dialog or the copied report.
    for (const text of [first!.message, first!.detail, ...dialog.copied]) expect(text).not.toContain('sk_live_secret');
  });

  it('closing the dialog quits', () => {
    const report = startupFailureReport('plain text failure', facts('/logs'));
    const dialog = fakeDialog([0]);
    expect(presentStartupFailure(report, '/logs', dialog)).toEqual(['quit']);
    expect(dialog.copied).toEqual([]);
  });
});

describe('the main log', () => {
  it('writes what main says on its console to main.log, with the level, redacted', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-mainlog-'));
    const printed: unknown[][] = [];
    const target = {
      log: (...a: unknown[]) => void printed.push(a),
      info: (...a: unknown[]) => void printed.push(a),
      warn: (...a: unknown[]) => void printed.push(a),
      error: (...a: unknown[]) => void printed.push(a),
    };
    const log = installMainLog(mainLogPath(dir), target);
    target.warn('[main] a page tried to open a window: %s', 'https://evil.example');
    target.error('[main] startup failed:', new Error('Authorization: Bearer abc.def.ghi refused'));
    const text = readFileSync(log.file, 'utf8');
    expect(log.file).toBe(path.join(dir, 'logs', 'main.log'));
    expect(text).toMatch(/Z \[warn\] \[main\] a page tried to open a window: https:\/\/evil\.example\n/);
    expect(text).toMatch(/\[error\] \[main\] startup failed: Error: Authorization: Bearer \[redacted\] refused/);
    expect(text).not.toContain('abc.def.ghi');
    expect(printed).toHaveLength(2); // the console still prints
  });
});

describe('crashes', () => {
  it('crashReporter keeps reports local unless uploading is set and a server is named', () => {
    const started: unknown[] = [];
    const reporter = { start: (o: unknown) => void started.push(o) };
    expect(startLocalCrashReporter(reporter, {})).toEqual({ uploading: false });
    expect(startLocalCrashReporter(reporter, { uploadCrashReports: true })).toEqual({ uploading: false });
    expect(
      startLocalCrashReporter(reporter, { uploadCrashReports: true, crashReportUrl: 'https://c.example' }),
    ).toEqual({ uploading: true });
    expect(started[0]).toMatchObject({ uploadToServer: false, submitURL: '' });
  });

  it('reloads a crashed renderer, but not more than 3 times a minute, and never after a clean exit', () => {
    let t = 0;
    const policy = rendererCrashPolicy({ now: () => t });
    const crashed = { reason: 'crashed', exitCode: 1 };
    expect([policy(crashed), policy(crashed), policy(crashed), policy(crashed)]).toEqual([
      'reload',
      'reload',
      'reload',
      'leave',
    ]);
    t = 61_000;
    expect(policy(crashed)).toBe('reload');
    expect(policy({ reason: 'clean-exit', exitCode: 0 })).toBe('leave');
  });

  it('watchCrashes reloads the window and logs both kinds of process', () => {
    const listeners: { render?: (d: { reason: string; exitCode: number }) => void; child?: (d: never) => void } = {};
    const logged: string[] = [];
    let reloads = 0;
    const ports: CrashWatchPorts = {
      onRenderProcessGone: (l) => (listeners.render = l),
      onChildProcessGone: (l) => (listeners.child = l as never),
      reload: () => void reloads++,
      log: (l) => void logged.push(l),
    };
    watchCrashes(ports);
    listeners.render!({ reason: 'oom', exitCode: -1 });
    (listeners.child as unknown as (d: object) => void)({
      type: 'Utility',
      name: 'Merchant Desk Core',
      reason: 'crashed',
      exitCode: 9,
    });
    expect(reloads).toBe(1);
    expect(logged).toEqual([
      "[crash] the window's renderer is gone (oom, exit -1): reload",
      '[crash] Utility process Merchant Desk Core gone (crashed, exit 9)',
    ]);
  });
});
