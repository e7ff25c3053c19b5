/** One `npm run bench` run as each benchmark sees it: its sizes, scratch folder, output and results record. */
export interface BenchRun {
  /** Smaller sizes for a smoke run (--quick). */
  quick: boolean;
  /** Scratch folder for cache files (--keep=DIR keeps it). */
  dir: string;
  /** The orders of the small cache (query, export), the sync runs, and the big cache (memory, query, export, host). */
  sizes: { small: number; sync: number; big: number };
  /** Runs per query timing. */
  iterations: number;
  /** The command line after the sub-command (benchmarks read their own options from it). */
  argv: readonly string[];
  /** A line of the Markdown record (also printed). */
  say(text: string): void;
  /** The JSON record: each benchmark adds its own key. */
  results: Record<string, unknown>;
}

/** A --name=value option of the command line. */
export function option(argv: readonly string[], name: string): string | undefined {
  return argv.find((a) => a.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
}
