// Types for the "JSON.parse source text access" proposal (TC39 stage 4, ES2026), shipped in V8/Node >= 21 and so
// in Node 24 and Electron 45, but not yet in TypeScript's lib files. Global augmentation (this file is a script).
// Remove once `lib` gains them.

/** Third argument of a JSON.parse reviver. `source` is the raw JSON text of a primitive value (absent for objects and arrays). */
interface JSONReviverContext {
  readonly source?: string;
}

/** An object made by JSON.rawJSON(): JSON.stringify writes `rawJSON` verbatim. */
interface JSONRawValue {
  readonly rawJSON: string;
}

interface JSON {
  parse(
    text: string,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- mirrors lib.es5's JSON.parse signature
    reviver?: (this: any, key: string, value: any, context: JSONReviverContext) => any,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ): any;
  /** Wraps JSON text of a primitive (number, string, boolean, null) so JSON.stringify emits it unchanged, e.g. a 64-bit integer. */
  rawJSON(text: string): JSONRawValue;
  isRawJSON(value: unknown): value is JSONRawValue;
}
