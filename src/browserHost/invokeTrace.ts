import { appendFileSync } from 'node:fs';
import type { InvokeTraceRecord } from './server';

/**
 * Diagnostics: with MERCHANT_DESK_UI_TRACE=FILE every invoke the browser host serves is appended to FILE as a JSON
 * line (channel, times and the answer's length — never a request or an answer), as MERCHANT_DESK_HOST_TRACE does for
 * the core host's calls. The UI bench reads both to split the first page's way back into its parts.
 */
export function invokeTraceFromEnvironment(env: NodeJS.ProcessEnv = process.env): {
  trace?: (record: InvokeTraceRecord) => void;
} {
  const file = env.MERCHANT_DESK_UI_TRACE;
  if (!file) return {};
  return {
    trace: (record) => appendFileSync(file, `${JSON.stringify({ pid: process.pid, ...record })}\n`, { mode: 0o600 }),
  };
}
