-- The dashboard's counts are kept per statement, not per row (dashboard-counts.sql): a statement
-- writing many records (an import's 500-row insert) updates each counter row once, where row
-- triggers updated it once per record, which in one long transaction left thousands of versions of
-- the same counter rows to walk through. The row triggers go; the statement triggers replace them.
DROP TRIGGER IF EXISTS assets_count_rows ON assets;--> statement-breakpoint
DROP TRIGGER IF EXISTS assets_count_changes ON assets;--> statement-breakpoint
DROP TRIGGER IF EXISTS actions_count_rows ON actions;--> statement-breakpoint
DROP TRIGGER IF EXISTS actions_count_changes ON actions;
