/**
 * V8 flags of the core host process (Electron's utility process, the CLI's child host, the bench's syncing
 * process). A full sync allocates fast on the fetching thread (a response body, its parse, the page handed to the
 * writer thread): with V8's default young generation (16 MiB a semi-space, grown to more) and the old generation it
 * promotes into, the syncing process held ~560 MB of anonymous memory at 100,000 orders; with 4 MiB semi-spaces
 * the garbage is collected young and the peak was ~390 MB, at the same wall time (docs/PERFORMANCE.md "Scale").
 *
 * What is still promoted (pages that wait for the writer outlive two scavenges) fills the old generation until a
 * full collection, and V8 lets it grow to up to 4× what survived the last one: at a million orders the fetching
 * thread's heap swung between ~35 MiB live and ~110 MiB, the writer thread's up to ~80 MiB, and the pages V8 takes
 * stay resident at their high-water mark (they were not given back when the heaps shrank) — most of the 298 MiB
 * peak of anonymous memory. A growing factor of 1.5 (V8 still grows a heap as far as its live size needs; this only
 * sets when the next full collection comes) keeps both heaps within ~1.5× their live size: peak 217 MiB at a million
 * orders, for ~5 % more CPU (more full collections) and no longer wall time (docs/PERFORMANCE.md §8
 * "Sixth pass (rss1m)"). V8 flags are the process's: the writer thread's isolate follows the same factor.
 *
 * Flags for the main isolate only take effect at process start, hence execArgv; the writer thread's own young
 * generation is limited by its Worker options (writerThread.ts).
 */
export const CORE_HOST_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

/**
 * The part of those flags a running process can still take: the growing factor is read at every full collection
 * (measured: a churning heap peaked at 91 MiB with it set at run time, 89 with it on the command line, 175 without),
 * the semi-space size only when the heap is set up. For a process that syncs without being started as a core host:
 * the CLI's own `sync` (its writer thread follows the process's flags; its young generation is its Worker option).
 */
export const CORE_HOST_RUNTIME_V8_FLAGS: readonly string[] = ['--heap-growing-percent=50'];
