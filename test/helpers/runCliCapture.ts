import { runCli } from '../../src/cli/program';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with this environment only (never the developer's real one). */
export async function runCliCapture(
  argv: string[],
  env: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<CliRun> {
  const out: string[] = [];
  const errOut: string[] = [];
  const code = await runCli(argv, {
    stdout: (t) => out.push(t),
    stderr: (t) => errOut.push(t),
    env,
    ...(signal ? { signal } : {}),
  });
  return { code, stdout: out.join('\n'), stderr: errOut.join('\n') };
}
