/**
 * The delivery-deadline rules as plain data (the core's zod schemas in src/core/due/deadlineRules.ts check them when
 * a profile is stored), so the pure deadline functions here serve the core and the renderer alike.
 */
export interface DeadlineRules {
  clockStart: 'paid' | 'created';
  partialDelivery: 'earliest-first' | 'whole-order';
  closedOrderStatuses: number[];
}

export interface DueSoonRule {
  fraction: number;
  capMinutes: number;
}

/** The labelled defaults (the core's schema defaults; a core test keeps the two equal). */
export const DEFAULT_RULES: Readonly<{ rules: DeadlineRules; dueSoon: DueSoonRule }> = Object.freeze({
  rules: { clockStart: 'paid', partialDelivery: 'earliest-first', closedOrderStatuses: [5, 6] },
  dueSoon: { fraction: 0.25, capMinutes: 30 },
});
