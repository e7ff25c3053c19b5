import { z } from 'zod';

/**
 * The choices the platform's spec leaves open about delivery deadlines, each a labelled default (README "Gaps in
 * the spec"). The spec gives each item a required delivery time and the order a count required and delivered; it
 * does not say when the clock starts, how a partial delivery counts, or which order statuses close an order.
 */
export const deadlineRulesSchema = z
  .object({
    /**
     * When the delivery clock starts. `paid` (default): at the payment time — a buyer waits from paying. `created`:
     * at the creation time (for a platform that counts from the order). An unpaid order is never due either way.
     */
    clockStart: z.enum(['paid', 'created']).default('paid'),
    /**
     * How a partly delivered order counts, since the platform reports the delivered quantity per order, not per
     * item. `earliest-first` (default): the delivered quantity is credited to the items with the shortest delivery
     * time first (what a merchant delivers first), so an item counts as delivered once the quantities of it and of
     * every shorter item are covered. `whole-order`: no credit until the whole order is delivered.
     */
    partialDelivery: z.enum(['earliest-first', 'whole-order']).default('earliest-first'),
    /**
     * Order statuses whose orders are never due (closed without delivery). The spec gives no status values; the
     * default is the sandbox's Cancelled (5) and Refunded (6).
     */
    closedOrderStatuses: z.array(z.number().int('order status values must be whole numbers')).max(50).default([5, 6]),
  })
  .strict();
export type DeadlineRules = z.output<typeof deadlineRulesSchema>;
export const DEFAULT_DEADLINE_RULES: DeadlineRules = deadlineRulesSchema.parse({});

/**
 * When an order counts as "due soon": within `fraction` of its allowed delivery time or `capMinutes`, whichever
 * is less (default 25 % or 30 minutes). A 10-minute item is due soon 2.5 minutes before its deadline, a 2-day
 * item 30 minutes before.
 */
export const dueSoonRuleSchema = z
  .object({
    fraction: z
      .number()
      .min(0, 'the due-soon fraction must be 0 to 1')
      .max(1, 'the due-soon fraction must be 0 to 1')
      .default(0.25),
    capMinutes: z
      .number()
      .int('the due-soon window must be whole minutes')
      .min(0, 'the due-soon window must be 0 to 10080 minutes (one week)')
      .max(10_080, 'the due-soon window must be 0 to 10080 minutes (one week)')
      .default(30),
  })
  .strict();
export type DueSoonRule = z.output<typeof dueSoonRuleSchema>;
export const DEFAULT_DUE_SOON_RULE: DueSoonRule = dueSoonRuleSchema.parse({});

/** A profile's delivery-deadline settings: what the cache computes at store time, and the due-soon window. */
export const deliveryDeadlineSettingsSchema = z
  .object({
    rules: deadlineRulesSchema.default(DEFAULT_DEADLINE_RULES),
    dueSoon: dueSoonRuleSchema.default(DEFAULT_DUE_SOON_RULE),
  })
  .strict();
export type DeliveryDeadlineSettings = z.output<typeof deliveryDeadlineSettingsSchema>;
export const DEFAULT_DELIVERY_DEADLINE_SETTINGS: DeliveryDeadlineSettings = deliveryDeadlineSettingsSchema.parse({});
