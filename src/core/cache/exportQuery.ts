import { z } from 'zod';
import { checkDateRanges } from '../../shared/domain/requests';
import type { CacheError } from '../../shared/errors/cacheErrors';
import { err, ok, type Result } from '../result';
import { CACHE_SORTS, cacheFilterObject, issuesText } from './querySchema';

export type ExportFormat = 'csv' | 'jsonl' | 'xlsx';

/** The filters of `cache query` plus its sort; no limit and no cursor: everything that matches. */
export const exportQuerySchema = cacheFilterObject
  .extend({
    sort: z.enum(CACHE_SORTS).default('created'),
    direction: z.enum(['desc', 'asc']).default('desc'),
  })
  .strict()
  .superRefine(checkDateRanges);
export type ExportQueryInput = z.input<typeof exportQuerySchema>;
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** The input checked before anything is opened or written: the query, or an `invalid-query` naming the field. */
export function parseExportQuery(input: unknown): Result<ExportQuery, CacheError> {
  const parsed = exportQuerySchema.safeParse(input ?? {});
  return parsed.success ? ok(parsed.data) : err({ kind: 'invalid-query', message: issuesText(parsed.error.issues) });
}
