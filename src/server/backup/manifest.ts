import { z } from 'zod';

/**
 * What a backup holds (manifest.json, written last) and the list of its objects (objects.ndjson,
 * one JSON object a line so a register of any size is written and read as a stream). The manifest
 * names every file with its SHA-256, so a restore checks the whole backup before it changes anything.
 * A format this app does not know (a newer one) is refused.
 */
export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = 'manifest.json';
export const OBJECTS_FILE = 'objects.ndjson';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const count = z.number().int().min(0);

export const tableEntrySchema = z.object({
  name: z.string().min(1),
  /** The file, relative to the backup: `database/<table>.copy.gz`. */
  file: z.string().min(1),
  /** Column names in the file's order (generated columns are left out: PostgreSQL computes them). */
  columns: z.array(z.string().min(1)).min(1),
  rows: count,
  /** Size and SHA-256 of the uncompressed COPY text. */
  bytes: count,
  sha256,
  /** Size of the gzip file. */
  storedBytes: count,
});
export type TableEntry = z.infer<typeof tableEntrySchema>;

export const sequenceEntrySchema = z.object({
  name: z.string().min(1),
  /** As text: a bigint may pass 2^53. */
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});
export type SequenceEntry = z.infer<typeof sequenceEntrySchema>;

export const migrationLevelSchema = z.object({
  /** How many migrations had been applied. */
  count: count,
  /** The last one, as drizzle's migrator records it (hash of its SQL, its journal time) and its tag. */
  last: z.object({ tag: z.string(), hash: sha256, createdAt: z.number().int() }).nullable(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const missingObjectSchema = z.object({ key: z.string(), table: z.string(), column: z.string() });
export type MissingObject = z.infer<typeof missingObjectSchema>;

export const manifestSchema = z.object({
  format: z.number().int().positive(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** Backup name (its folder), e.g. 2026-11-27T021500Z. */
  name: z.string(),
  createdAt: z.iso.datetime(),
  durationMs: count,
  database: z.object({ kind: z.enum(['embedded', 'server']), postgresVersion: z.string() }),
  migrations: migrationLevelSchema,
  tables: z.array(tableEntrySchema),
  sequences: z.array(sequenceEntrySchema),
  objects: z.object({
    file: z.string(),
    /** SHA-256 of objects.ndjson itself. */
    sha256,
    count: count,
    bytes: count,
    /** Keys the database names that storage did not have when the backup was taken. */
    missing: z.array(missingObjectSchema),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const objectEntrySchema = z.object({
  key: z.string().min(1),
  size: count,
  sha256,
  contentType: z.string(),
});
export type ObjectEntry = z.infer<typeof objectEntrySchema>;

/** Where an object's copy lies inside the backup. */
export const objectFile = (key: string) => `objects/${key}`;
export const tableFile = (table: string) => `database/${table}.copy.gz`;
