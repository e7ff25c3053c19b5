/**
 * Suites that need a tool the machine may not have (Chromium, the built app, openssl, makensis, a packaged app):
 * where it is absent they skip and say why in their name — on a developer's machine, and on the Windows and macOS
 * CI runners that run the whole suite — instead of failing. Linux CI (.ci/run) installs every tool and sets
 * MERCHANT_DESK_REQUIRE_TOOLS=1: there an absent tool fails the suite, so nothing is skipped unseen.
 */
import { describe, it } from 'vitest';

/** Whether an absent tool must fail instead of skip (CI that promises every tool). */
export const toolsRequired = (env: NodeJS.ProcessEnv = process.env): boolean => env.MERCHANT_DESK_REQUIRE_TOOLS === '1';

/** The suite's title, with the reason appended when it is skipped. */
export function titleWithReason(title: string, available: boolean, reason: string): string {
  return available ? title : `${title} — skipped: ${reason}`;
}

/** Whether the suite runs: the tool is there, or its absence must show as a failure. */
export const runs = (available: boolean): boolean => available || toolsRequired();

/** `describe` that runs when `available` (or when tools are required), else skips naming `reason`. */
export function describeWith(available: boolean, reason: string) {
  return (title: string, body: () => void) =>
    describe.runIf(runs(available))(titleWithReason(title, runs(available), reason), body);
}

/** `it` that runs when `available` (or when tools are required), else skips naming `reason`. */
export function itWith(available: boolean, reason: string) {
  return (title: string, body: () => unknown, timeout?: number) =>
    it.runIf(runs(available))(titleWithReason(title, runs(available), reason), body, timeout);
}
