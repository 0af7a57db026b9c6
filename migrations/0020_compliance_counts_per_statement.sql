-- The compliance counts are kept per statement, not per row (compliance-counts.sql), as the
-- dashboard's are since 0019: an import recording thousands of inspections inserts and dates their
-- obligations a chunk at a time, and row triggers would write the estate's counter rows once per
-- obligation in one long transaction. The row triggers go; the statement triggers replace them.
DROP TRIGGER IF EXISTS obligations_count_rows ON obligations;--> statement-breakpoint
DROP TRIGGER IF EXISTS obligations_count_changes ON obligations;
