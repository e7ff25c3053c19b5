import type { ExportDownload } from '../appHost/handlers/ordersExport';
import { newSecret } from './requestChecks';
import { ROUTES } from './appPage';

/** How long an offered export waits to be fetched: the page fetches it at once, so a minute is plenty. */
export const EXPORT_DOWNLOAD_TTL_MS = 60_000;

/**
 * The browser host's pending exports: `orders:export` cannot show a save dialog there, so it answers an address
 * on the host instead. Each address holds a fresh 256-bit ID, is served once (taking it removes it) and only within
 * the TTL, and only behind the same Host and session-cookie checks as every other request.
 */
export interface ExportDownloads {
  /** Keeps the download; answers its address (`/_md/export/<id>`). */
  offer(download: ExportDownload): string;
  /** The download at this ID, removed so it cannot be fetched again; undefined when unknown, used or expired. */
  take(id: string): ExportDownload | undefined;
  pending(): number;
}

export function createExportDownloads(options: { ttlMs?: number; now?: () => number } = {}): ExportDownloads {
  const ttl = options.ttlMs ?? EXPORT_DOWNLOAD_TTL_MS;
  const now = options.now ?? Date.now;
  const waiting = new Map<string, { download: ExportDownload; expiresAt: number }>();
  const dropExpired = () => {
    const t = now();
    for (const [id, entry] of waiting) if (entry.expiresAt <= t) waiting.delete(id);
  };
  return {
    offer(download) {
      dropExpired();
      const id = newSecret();
      waiting.set(id, { download, expiresAt: now() + ttl });
      return `${ROUTES.exportDownload}${id}`;
    },
    take(id) {
      dropExpired();
      const entry = waiting.get(id);
      waiting.delete(id);
      return entry?.download;
    },
    pending: () => (dropExpired(), waiting.size),
  };
}
