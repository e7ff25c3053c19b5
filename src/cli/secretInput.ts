import { CliError, type CliIo } from './io';

/** Reads a secret from standard input; refuses when there is none. */
export async function readSecret(io: CliIo, prompt: string, what: string): Promise<string> {
  if (!io.stdin)
    throw new CliError(`No standard input to read the ${what} from. Nothing was changed.`, 'invalid-input');
  const text = await io.stdin(prompt);
  return text.replace(/^\uFEFF/, '').replace(/[\r\n]+$/, '');
}
