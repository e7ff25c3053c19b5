import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** A file of the built renderer, or undefined when the URL path names none (or tries to leave the folder). */
export async function readRendererFile(
  rendererDir: string,
  urlPath: string,
): Promise<{ body: Buffer; type: string } | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${decoded}`);
  if (!file.startsWith(root + path.sep)) return undefined;
  const type = TYPES[path.extname(file).toLowerCase()];
  if (type === undefined) return undefined;
  try {
    return { body: await readFile(file), type };
  } catch {
    return undefined;
  }
}
