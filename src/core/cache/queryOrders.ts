import { ok, type Result } from '../result';
import { countMatches } from './countMatches';
import type { CursorMismatch } from './queryCursor';
import { runPageQuery, type CachePage } from './queryPage';
import type { CacheQuery } from './querySchema';
import type { StatementCache } from './statementCache';
import type { TextPlan } from './textTestPlan';

export interface CacheQueryResult extends CachePage {
  /** Every match (undefined when withTotal was false). */
  total: number | undefined;
}

/**
 * A page and, when asked (`withTotal`), the exact count: two statements, the page first. A screen that shows the
 * rows before the count calls `runPageQuery` and `countMatches` itself.
 */
export function runCacheQuery(
  statements: StatementCache,
  q: CacheQuery,
  threshold?: number,
  textPlan?: TextPlan,
): Result<CacheQueryResult, CursorMismatch> {
  const page = runPageQuery(statements, q, threshold, textPlan);
  if (!page.ok) return page;
  return ok({ total: q.withTotal ? countMatches(statements, q) : undefined, ...page.value });
}
