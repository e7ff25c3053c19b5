import type { z } from 'zod';

/**
 * One request channel: the schema of its request and of the data of a successful answer. The answer itself is
 * always `ipcResultSchema(data)` (result.ts), so a channel never declares its errors: they share one shape.
 *
 * Values cross the bridge by structured clone (Electron) or JSON (the browser host): keep schemas to JSON data —
 * no `undefined` fields (use null), no Dates, Maps, functions or class instances. A channel with no request data
 * uses `z.undefined()`, and the bridge call then takes no second argument.
 */
export interface IpcChannelSpec {
  request: z.ZodType;
  data: z.ZodType;
}
