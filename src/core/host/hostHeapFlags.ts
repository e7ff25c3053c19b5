/**
 * V8 flags of the core host process (Electron's utility process, the CLI's child host, the bench's syncing
 * process). A full sync allocates fast on the fetching thread (a response body, its parse, the page handed to the
 * writer thread): with V8's default young generation (16 MiB a semi-space, grown to more) and the old generation it
 * promotes into, the syncing process held ~560 MB of anonymous memory at 100,000 orders; with 4 MiB semi-spaces
 * the garbage is collected young and the peak was ~390 MB, at the same wall time (docs/PERFORMANCE.md "Scale").
 * Flags for the main isolate only take effect at process start, hence execArgv; the writer thread's own isolate
 * is limited by its Worker options (writerThread.ts).
 */
export const CORE_HOST_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4'];
