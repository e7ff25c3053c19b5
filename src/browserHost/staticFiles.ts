import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { knownContentType } from '../core/http/contentTypes';

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
  const type = knownContentType(file);
  if (type === undefined) return undefined;
  try {
    return { body: await readFile(file), type };
  } catch {
    return undefined;
  }
}
