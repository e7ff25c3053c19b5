import type Database from 'better-sqlite3';
import { DEFAULT_DEADLINE_RULES, deadlineRulesSchema, type DeadlineRules } from '../due/deadlineRules';

/**
 * The deadline rules a cache file records (its `meta` row): what both the deadline columns (dueColumns.ts) and the
 * Insights facts' lateness (insightFacts.ts) are computed with. Its own module so that those two need not import
 * each other (dueColumns recomputes the facts when the rules change; the facts only read the rules).
 */

/** The meta key of the rules the stored columns were computed with. */
export const DEADLINE_RULES_META = 'deadline_rules';

/** The cache's rules: as recorded in `meta`, else (a new or migrated file) the defaults. */
export function readDeadlineRules(db: Database.Database): DeadlineRules {
  const raw = db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(DEADLINE_RULES_META) as string | undefined;
  if (raw === undefined) return DEFAULT_DEADLINE_RULES;
  try {
    const parsed = deadlineRulesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_DEADLINE_RULES;
  } catch {
    return DEFAULT_DEADLINE_RULES;
  }
}

/** Rules as stored: key order fixed, so equal rules compare equal as text. */
export function deadlineRulesText(rules: DeadlineRules): string {
  return JSON.stringify({
    clockStart: rules.clockStart,
    partialDelivery: rules.partialDelivery,
    closedOrderStatuses: [...rules.closedOrderStatuses].sort((a, b) => a - b),
  });
}
