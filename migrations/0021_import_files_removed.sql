-- An import's file and row errors are kept in the object storage (any app process runs any step);
-- the sweep removes them a day after the upload and notes when.
ALTER TABLE "imports" ADD COLUMN "files_removed_at" timestamp with time zone;