import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Every regular file under `dir` (recursively). */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let entries: string[];
    try {
      entries = readdirSync(d);
    } catch {
      return;
    }
    for (const name of entries) {
      const p = path.join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/**
 * Which needles occur in which files, searched as raw bytes in UTF-8 and in UTF-16LE (SQLite may store text either
 * way) and, for needles with URL-special characters, URL-encoded too.
 */
export function findSecrets(
  files: string[],
  needles: Record<string, string | Buffer>,
): { file: string; secret: string }[] {
  const hits: { file: string; secret: string }[] = [];
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const [name, needle] of Object.entries(needles)) {
      if (needle.length < 8) throw new Error(`needle "${name}" is too short to search for meaningfully`);
      const forms: Buffer[] =
        typeof needle === 'string'
          ? [...new Set([needle, encodeURIComponent(needle)])].flatMap((f) => [
              Buffer.from(f, 'utf8'),
              Buffer.from(f, 'utf16le'),
            ])
          : [needle];
      for (const form of forms) {
        if (bytes.includes(form)) {
          hits.push({ file, secret: name });
          break;
        }
      }
    }
  }
  return hits;
}
