/**
 * Cache schema 12: an order that leaves its buyer leaves its repeat-buyer row (insightAggregates.ts). The rows of
 * marked buyers are refreshed by deleting the rows of the orders those buyers have *now*; an order moved from buyer
 * A to no buyer (or whose row named A when it moved) kept the row saying it was A's repeat order, and A's repeat
 * counts stayed one too high. The update trigger now deletes the order's own row when its buyer or creation time
 * changes (the refresh writes it again for the new buyer when it has an earlier order there), and the rows such
 * moves already left behind — a row whose order no longer has that buyer — are deleted once here.
 */
export const V12_DESCRIPTION = 'an order moved to another buyer (or to none) leaves its old repeat-buyer row';

export const V12_SQL = `
DROP TRIGGER IF EXISTS insight_buyer_update;
CREATE TRIGGER insight_buyer_update AFTER UPDATE OF buyer_id, create_ms ON orders
  WHEN old.buyer_id IS NOT new.buyer_id OR old.create_ms IS NOT new.create_ms BEGIN
  DELETE FROM insight_buyer_seq WHERE rid = old.rid;
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT old.buyer_id WHERE old.buyer_id IS NOT NULL;
  INSERT OR IGNORE INTO insight_buyer_dirty SELECT new.buyer_id WHERE new.buyer_id IS NOT NULL;
END;
DELETE FROM insight_buyer_seq WHERE NOT EXISTS (
  SELECT 1 FROM orders o WHERE o.rid = insight_buyer_seq.rid AND o.buyer_id = insight_buyer_seq.buyer_id);
`;
