import { appErrorKinds } from '../errors/appError';

/**
 * Every answer across the bridge is a Result value: `{ ok: true, data }` or `{ ok: false, error }`. Nothing is
 * thrown across it and nothing parses error strings: the renderer switches on `error.kind`. The kinds are here,
 * without zod (the schemas are in result.ts), so the renderer's first load builds no schema.
 */
export const ipcErrorKinds = [
  // The bridge and the gate.
  /** The request broke the contract (unknown channel, wrong shape): nothing ran. */
  'invalid-request',
  /** The caller is not the app's own page (untrusted frame, missing or wrong session). */
  'refused',
  /** The host cannot be reached (not started yet, or gone). */
  'unavailable',
  /** The core host stopped while the call was in flight; the call's outcome is what `found` says, if anything. */
  'host-restarted',
  /** A bug on the host side: the implementation threw or answered outside the contract. Details are in its log. */
  'internal',
  // The use-case layer's kinds (the same table the CLI maps to exit codes).
  ...appErrorKinds,
] as const;

export type IpcErrorKind = (typeof ipcErrorKinds)[number];
