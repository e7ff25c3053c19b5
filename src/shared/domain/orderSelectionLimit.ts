/**
 * The most orders one selection may name (the list's "Export selected"). A selection travels as a list of IDs
 * through the bridge and into one statement; past this the merchant exports the view (every matching order) instead,
 * which streams in pages whatever the count. Without zod (orderSelection.ts has the schema): the renderer's first
 * load reads it and builds no schema.
 */
export const MAX_SELECTED_ORDERS = 10_000;
