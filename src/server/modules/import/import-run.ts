import crypto from 'node:crypto';
import { getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createAssetSchema, updateAssetSchema } from '../../../shared/contract/assets';
import type { ImportCounts, ImportDiff, ImportRowError, NewLocationNode } from '../../../shared/contract/imports';
import { compareDates, type CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import { parseInspectionTarget, type ImportFormat, type ImportTarget, type ValueSynonyms } from '../../../shared/domain/imports';
import type { Db } from '../../db/client';
import { transactionAs, type Tx } from '../../db/actor';
import { assets, complianceRegimes, locations, meters } from '../../db/schema';
import { badRequest } from '../../http-errors';
import { inspectionKey, inspectionsOnFile, recordImportedInspections, type ImportedInspection } from '../compliance/imported-inspections';
import { insertReading, lockMeter, readingNeighbours } from '../meters/meters.repo';
import { readingRefusal } from '../../../shared/domain/meters';
import { loadLocationIndex, newLocationsKey, newLocationTree, type IndexedLocation, type LocationIndex } from './location-index';
import { mappingOf, parseRow, type Mapping, type ParsedRow, type RowProblem } from './parse-row';
import { dataRows, readingAgainIfIncomplete, readSheet, type SheetRow } from './sheet-reader';

/**
 * The dry run and the commit of an import (ADR 029): the same pass over the file, 500 rows at a
 * time. Each chunk's keys are looked up in one query and its matched assets read in one more; each
 * row is then matched, placed, checked with the asset form's own schema and compared with the
 * asset. The dry run only counts; the commit (inside one transaction) also writes, and stops at the
 * first row in error, which rolls everything back.
 */

const CHUNK_ROWS = 500;
/** How many updates the job shows with their changes. */
const DIFF_SAMPLE = 200;

type AssetRow = typeof assets.$inferSelect;
type Executor = Db | Tx;

export interface RunInput {
  file: string;
  format: ImportFormat;
  sheet: string;
  targets: (ImportTarget | null)[];
  synonyms: ValueSynonyms;
  /** The file's name as uploaded: imported inspections say where they came from. */
  fileName: string;
  /** The organisation's calendar date: inspections and readings dated after it are refused. */
  today: CalendarDate;
  onProgress: (rowsDone: number) => void;
}

export interface RunResult {
  counts: ImportCounts;
  diffs: ImportDiff[];
  errors: ImportRowError[];
  newLocations: NewLocationNode[];
  newLocationCount: number;
  newLocationsKey: string;
}

/** A row in error during a commit: the commit stops and nothing is written. */
export class CommitRowError extends Error {
  override name = 'CommitRowError';
}

export const LOCATIONS_CHANGED_MESSAGE = 'The locations this file would create have changed since the dry run; nothing was imported. Run the dry run again.';

/**
 * The commit: the whole file in one transaction as `actorId`, its audit rows naming the import. The
 * new locations must be the ones approved after the dry run (`approvedKey`), else nothing is kept.
 */
export async function commitImport(db: Db, input: RunInput, job: { actorId: string; importId: string; approvedKey: string | null }): Promise<RunResult> {
  return readingAgainIfIncomplete(() =>
    transactionAs(db, job.actorId, async (tx) => {
      await tx.$client.query("SELECT set_config('app.import_id', $1, true)", [job.importId]);
      const outcome = await runImport(tx, input, { actorId: job.actorId });
      if (outcome.newLocationsKey !== job.approvedKey) throw new CommitRowError(LOCATIONS_CHANGED_MESSAGE);
      return outcome;
    }),
  );
}

/** The dry run: the whole file checked and counted, nothing written. */
export const dryRunImport = (executor: Executor, input: RunInput): Promise<RunResult> => readingAgainIfIncomplete(() => runImport(executor, input));

interface Writer {
  actorId: string;
}

/** The regimes the mapping's inspection columns name, by key; a missing or retired one is a 400. */
export async function regimesOfMapping(executor: Executor, targets: readonly (ImportTarget | null)[]): Promise<Map<string, { id: string; name: string }>> {
  const keys = [...new Set(targets.flatMap((t) => (t ? (parseInspectionTarget(t)?.regimeKey ?? []) : [])))];
  if (keys.length === 0) return new Map();
  const found = await executor
    .select({ id: complianceRegimes.id, key: complianceRegimes.key, name: complianceRegimes.name, retiredAt: complianceRegimes.retiredAt })
    .from(complianceRegimes)
    .where(inArray(complianceRegimes.key, keys));
  const regimes = new Map(found.filter((r) => !r.retiredAt).map((r) => [r.key, { id: r.id, name: r.name }]));
  const missing = keys.filter((key) => !regimes.has(key));
  if (missing.length > 0) throw badRequest(`No regime in use has the key ${missing.join(', ')}: map those columns to a regime of the catalogue (Compliance → Regimes).`);
  for (const key of keys) {
    if (targets.includes(`inspection:${key}:certificate`) && !targets.includes(`inspection:${key}:date`)) {
      throw badRequest(`A column gives the ${regimes.get(key)!.name} certificate number but none gives its date: map the date column too.`);
    }
  }
  return regimes;
}

export async function runImport(executor: Executor, input: RunInput, writer?: Writer): Promise<RunResult> {
  const index = await loadLocationIndex(executor);
  const regimes = await regimesOfMapping(executor, input.targets);
  let mapping: Mapping | undefined;
  const state: RunState = {
    counts: { create: 0, update: 0, unchanged: 0, error: 0, inspections: 0, readings: 0 },
    diffs: [],
    errors: [],
    seen: { assetId: new Map(), clientAssetId: new Map(), barcode: new Map(), serial: new Map() },
    matched: new Map(),
    metersRead: new Map(),
    locationsWritten: 0,
  };
  const context: ChunkContext = { mapping: undefined!, synonyms: input.synonyms, index, regimes, today: input.today, fileName: input.fileName };
  let chunk: SheetRow[] = [];
  let done = 0;
  const flush = async () => {
    await processChunk(executor, chunk, { ...context, mapping: mapping! }, state, writer);
    done += chunk.length;
    chunk = [];
    input.onProgress(done);
  };
  const rows = dataRows(input.sheet, readSheet(input.file, input.format, input.sheet), (headers) => (mapping = mappingOf(input.targets, headers)));
  for await (const row of rows) {
    chunk.push(row);
    if (chunk.length >= CHUNK_ROWS) await flush();
  }
  if (chunk.length > 0) await flush();
  const created = index.created();
  return {
    counts: state.counts,
    diffs: state.diffs,
    errors: state.errors,
    newLocations: newLocationTree(created),
    newLocationCount: created.length,
    newLocationsKey: newLocationsKey(created),
  };
}

type KeyKind = 'assetId' | 'clientAssetId' | 'barcode' | 'serial';
interface RunState {
  counts: ImportCounts;
  diffs: ImportDiff[];
  errors: ImportRowError[];
  /** Each key the file has named so far, and the first row naming it. */
  seen: Record<KeyKind, Map<string, number>>;
  /** Existing assets a row matched, and that row. */
  matched: Map<string, number>;
  /** Meters a row records a reading of, and that row. */
  metersRead: Map<string, number>;
  locationsWritten: number;
}

interface ChunkContext {
  mapping: Mapping;
  synonyms: ValueSynonyms;
  index: LocationIndex;
  regimes: Map<string, { id: string; name: string }>;
  today: CalendarDate;
  fileName: string;
}

/** A reading from a file is of a calendar date; it is stored at midday UTC, which is that date in the UK. */
const readingTime = (date: CalendarDate) => new Date(`${date}T12:00:00Z`);

const KEY_LABELS: Record<KeyKind, string> = { assetId: 'Asset ID', clientAssetId: 'asset number', barcode: 'barcode', serial: 'serial' };

/** The key a row is matched by: the first of asset ID, asset number, barcode, serial it has. */
function identityOf(row: ParsedRow): { kind: KeyKind; value: string } | undefined {
  if (row.assetId) return { kind: 'assetId', value: row.assetId };
  if (row.clientAssetId) return { kind: 'clientAssetId', value: row.clientAssetId };
  if (row.values.barcode) return { kind: 'barcode', value: row.values.barcode };
  if (row.values.serial) return { kind: 'serial', value: row.values.serial };
  return undefined;
}

function keysOf(row: ParsedRow): [KeyKind, string][] {
  const keys: [KeyKind, string][] = [];
  if (row.assetId) keys.push(['assetId', row.assetId]);
  if (row.clientAssetId) keys.push(['clientAssetId', row.clientAssetId]);
  if (row.values.barcode) keys.push(['barcode', row.values.barcode]);
  if (row.values.serial) keys.push(['serial', row.values.serial]);
  return keys;
}

interface Lookups {
  byAssetId: Map<string, AssetRow>;
  byClientId: Map<string, AssetRow>;
  /** Barcodes and serials of the chunk: how many assets have each, and the asset when one. */
  codes: Record<'barcode' | 'serial', Map<string, { count: number; asset?: AssetRow }>>;
}

async function lookUp(executor: Executor, rows: ParsedRow[], forUpdate: boolean): Promise<Lookups> {
  const assetIds = new Set<string>();
  const clientIds = new Set<string>();
  const barcodes = new Set<string>();
  const serials = new Set<string>();
  for (const row of rows) {
    const identity = identityOf(row);
    if (identity?.kind === 'assetId') assetIds.add(identity.value);
    else if (identity?.kind === 'clientAssetId') clientIds.add(identity.value);
    else if (identity) {
      if (row.values.barcode) barcodes.add(row.values.barcode);
      if (row.values.serial) serials.add(row.values.serial);
    }
  }
  const codeCounts = async (column: typeof assets.barcode | typeof assets.serial, values: Set<string>) =>
    values.size === 0
      ? []
      : executor
          .select({ value: sql<string>`${column}`, count: sql<number>`count(*)::int`, id: sql<string>`min(${assets.id}::text)` })
          .from(assets)
          .where(inArray(column, [...values]))
          .groupBy(column);
  const [keyed, barcodeCounts, serialCounts] = await Promise.all([
    assetIds.size + clientIds.size === 0
      ? []
      : executor
          .select({ id: assets.id })
          .from(assets)
          .where(or(inArray(assets.assetId, [...assetIds]), inArray(assets.clientAssetId, [...clientIds]))),
    codeCounts(assets.barcode, barcodes),
    codeCounts(assets.serial, serials),
  ]);
  const ids = new Set([...keyed.map((r) => r.id), ...[...barcodeCounts, ...serialCounts].filter((c) => c.count === 1).map((c) => c.id)]);
  let full: AssetRow[] = [];
  if (ids.size > 0) {
    const query = executor.select(getTableColumns(assets)).from(assets).where(inArray(assets.id, [...ids]));
    full = forUpdate ? await query.for('update') : await query;
  }
  const byId = new Map(full.map((a) => [a.id, a]));
  const lookups: Lookups = { byAssetId: new Map(), byClientId: new Map(), codes: { barcode: new Map(), serial: new Map() } };
  for (const asset of full) {
    lookups.byAssetId.set(asset.assetId, asset);
    if (asset.clientAssetId) lookups.byClientId.set(asset.clientAssetId, asset);
  }
  for (const [kind, counts] of [['barcode', barcodeCounts], ['serial', serialCounts]] as const) {
    for (const c of counts) lookups.codes[kind].set(c.value, { count: c.count, asset: c.count === 1 ? byId.get(c.id) : undefined });
  }
  return lookups;
}

type Match = { asset: AssetRow } | { asset: null } | { problem: string };

function match(row: ParsedRow, lookups: Lookups): Match {
  if (row.assetId) {
    const asset = lookups.byAssetId.get(row.assetId);
    return asset ? { asset } : { problem: `Asset ID ${row.assetId} is not in the register (leave it blank to add a new asset)` };
  }
  if (row.clientAssetId) return { asset: lookups.byClientId.get(row.clientAssetId) ?? null };
  for (const kind of ['barcode', 'serial'] as const) {
    const value = row.values[kind];
    if (!value) continue;
    const found = lookups.codes[kind].get(value);
    if (found && found.count > 1) return { problem: `${found.count} assets have ${KEY_LABELS[kind]} ${value}: add the Asset ID to say which` };
    if (found?.asset) return { asset: found.asset };
  }
  return { asset: null };
}

/** Custom fields equal, reading the file's text values as the export writes the stored ones. */
function sameCustomFields(stored: Record<string, unknown>, fromFile: Record<string, unknown>): boolean {
  const keys = Object.keys(stored);
  if (keys.length !== Object.keys(fromFile).length) return false;
  return keys.every((key) => {
    if (!(key in fromFile)) return false;
    const a = stored[key];
    const b = fromFile[key];
    if (typeof b !== 'string') return JSON.stringify(a) === JSON.stringify(b);
    return typeof a === 'string' ? a === b : JSON.stringify(a) === b || String(a) === b;
  });
}

/** The custom fields a row leaves the asset with (the stored ones when it names none). */
function customFieldsAfter(row: ParsedRow, stored: Record<string, unknown>): Record<string, unknown> {
  let fields = row.customFields && !sameCustomFields(stored, row.customFields.value) ? { ...row.customFields.value } : { ...stored };
  for (const [name, value] of Object.entries(row.customValues)) {
    if (value === null) {
      const { [name]: _removed, ...rest } = fields;
      fields = rest;
    } else if (!sameCustomFields({ v: fields[name] }, { v: value })) fields[name] = value;
  }
  return fields;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The schema's problems, less those of a column whose cell was already refused ("is required" after "is not one of"). */
function zodProblems(error: z.ZodError, mapping: Mapping, already: RowProblem[]): RowProblem[] {
  const refused = new Set(already.map((p) => p.column));
  return error.issues.flatMap((issue) => {
    const field = String(issue.path[0] ?? '');
    const column =
      field === 'locationId'
        ? (mapping.columnOf.locationPath ?? mapping.columnOf.area ?? mapping.columnOf.site ?? null)
        : (mapping.columnOf[field as keyof Mapping['columnOf']] ?? null);
    return column !== null && refused.has(column) ? [] : [{ column, message: issue.message }];
  });
}

async function processChunk(executor: Executor, chunk: SheetRow[], context: ChunkContext, state: RunState, writer: Writer | undefined): Promise<void> {
  const { mapping, synonyms, index } = context;
  const parsed = chunk.map((row) => parseRow(row, mapping, synonyms));
  const lookups = await lookUp(executor, parsed, writer !== undefined);
  const metersByNumber = await lookUpMeters(executor, parsed);
  const creates: (z.output<typeof createAssetSchema> & { id: string; locationPath: string })[] = [];
  const updates: { id: string; changes: Record<string, unknown> }[] = [];
  const newLocations: IndexedLocation[] = [];
  const inspections: ImportedInspection[] = [];
  const readings: { meterId: string; reading: number; date: CalendarDate }[] = [];

  for (const row of parsed) {
    const problems = [...row.problems];
    const identity = identityOf(row);
    const firstRow = identity && state.seen[identity.kind].get(identity.value);
    if (identity && firstRow !== undefined) {
      problems.push({ column: null, message: `Row ${firstRow} has the same ${KEY_LABELS[identity.kind]} (${identity.value}): each asset once per file` });
    }
    for (const [kind, value] of keysOf(row)) if (!state.seen[kind].has(value)) state.seen[kind].set(value, row.number);

    const found = match(row, lookups);
    if ('problem' in found) problems.push({ column: mapping.columnOf.assetId ?? mapping.columnOf.barcode ?? null, message: found.problem });
    const existing = 'asset' in found ? found.asset : null;
    if (existing) {
      const earlier = state.matched.get(existing.id);
      if (earlier !== undefined && !(identity && firstRow !== undefined)) {
        problems.push({ column: null, message: `Row ${earlier} already changes asset ${existing.assetId}: each asset once per file` });
      }
      state.matched.set(existing.id, earlier ?? row.number);
      if (row.clientAssetId && existing.clientAssetId !== row.clientAssetId) {
        problems.push({ column: mapping.columnOf.clientAssetId ?? null, message: `Asset ${existing.assetId} has asset number ${existing.clientAssetId ?? '(none)'}; an asset number cannot change` });
      }
    }

    let location: IndexedLocation | undefined;
    let pending: IndexedLocation[] = [];
    if (row.location) {
      const resolved = index.resolve(row.location);
      if ('error' in resolved) problems.push({ column: mapping.columnOf.locationPath ?? mapping.columnOf.area ?? null, message: `Location: ${resolved.error}` });
      else ({ location, pending } = resolved);
    }

    const rowInspections = inspectionsOf(row, context, problems);
    const reading = await readingOf(executor, row, context, metersByNumber, state, problems, writer !== undefined);

    let outcome: { kind: 'create'; data: z.output<typeof createAssetSchema> } | { kind: 'update'; changes: Record<string, unknown>; diff: ImportDiff } | { kind: 'unchanged' } | undefined;
    if (!('problem' in found)) {
      if (existing) {
        const input: Record<string, unknown> = { ...row.values };
        if (location && location.id !== existing.locationId) input.locationId = location.id;
        const custom = customFieldsAfter(row, existing.customFields);
        if (!sameJson(custom, existing.customFields)) input.customFields = custom;
        const result = updateAssetSchema.safeParse(input);
        if (!result.success) problems.push(...zodProblems(result.error, mapping, problems));
        else {
          const changes: Record<string, unknown> = {};
          const diff: ImportDiff = { row: row.number, assetId: existing.assetId, changes: [] };
          for (const [field, after] of Object.entries(result.data)) {
            if (after === undefined) continue;
            const before = existing[field as keyof AssetRow];
            if (field === 'customFields' ? sameJson(before, after) : before === after) continue;
            changes[field] = after;
            diff.changes.push(
              field === 'locationId' ? { field: 'location', before: existing.locationPath, after: location!.path } : { field, before: before ?? null, after },
            );
          }
          outcome = diff.changes.length === 0 ? { kind: 'unchanged' } : { kind: 'update', changes, diff };
        }
      } else {
        const input: Record<string, unknown> = { ...row.values, clientAssetId: row.clientAssetId, locationId: location?.id, customFields: customFieldsAfter(row, {}) };
        const result = createAssetSchema.safeParse(input);
        if (!result.success) problems.push(...zodProblems(result.error, mapping, problems));
        else outcome = { kind: 'create', data: result.data };
      }
    }

    if (problems.length > 0 || !outcome) {
      state.counts.error++;
      for (const problem of problems) state.errors.push({ row: row.number, ...problem });
      if (writer) throw new CommitRowError(`Row ${row.number}: ${problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; ')}`);
      continue;
    }
    index.adopt(pending);
    newLocations.push(...pending);
    state.counts[outcome.kind]++;
    const assetId = outcome.kind === 'create' ? crypto.randomUUID() : existing!.id;
    if (outcome.kind === 'create') creates.push({ ...outcome.data, id: assetId, locationPath: location!.path });
    for (const inspection of rowInspections) inspections.push({ ...inspection, assetId, notes: `Imported from ${context.fileName}, row ${row.number}` });
    if (reading) readings.push(reading);
    if (outcome.kind === 'update') {
      if (state.diffs.length < DIFF_SAMPLE) state.diffs.push(outcome.diff);
      updates.push({ id: existing!.id, changes: { ...outcome.changes, ...(outcome.changes.locationId !== undefined && { locationPath: location!.path }) } });
    }
  }

  // An inspection already on file for the asset, regime and date is not recorded again (a file imported twice).
  const onFile = await inspectionsOnFile(executor, inspections.filter((i) => state.matched.has(i.assetId)));
  const newInspections = inspections.filter((i) => !onFile.has(inspectionKey(i)));
  state.counts.inspections += newInspections.length;
  state.counts.readings += readings.length;

  if (!writer) return;
  if (newLocations.length > 0) {
    await executor.insert(locations).values(
      newLocations.map((l) => ({ id: l.id, name: l.name, type: l.type, parentId: l.parentId, path: l.path, ancestorIds: l.ancestorIds, createdBy: writer.actorId })),
    );
  }
  if (creates.length > 0) await executor.insert(assets).values(creates.map((data) => ({ ...data, createdBy: writer.actorId })));
  if (updates.length > 0) await updateAll(executor, updates);
  const tx = executor as Tx; // a commit always runs in its transaction
  await recordImportedInspections(tx, newInspections, { actorId: writer.actorId, today: context.today });
  for (const r of readings) {
    await insertReading(tx, { id: crypto.randomUUID(), meterId: r.meterId, reading: r.reading, readingDate: readingTime(r.date), recordedBy: writer.actorId, notes: null, photoUrl: null, isReset: false });
  }
}

/** The row's inspections to record, by regime, each checked (a date, not in the future); problems added to `problems`. */
function inspectionsOf(row: ParsedRow, context: ChunkContext, problems: RowProblem[]): Omit<ImportedInspection, 'assetId' | 'notes'>[] {
  const found: Omit<ImportedInspection, 'assetId' | 'notes'>[] = [];
  for (const [key, entry] of Object.entries(row.inspections)) {
    const regime = context.regimes.get(key)!;
    const dateColumn = context.mapping.columnOf[`inspection:${key}:date`] ?? null;
    if (!entry.date) {
      // A date that failed to read has its own problem already.
      if (entry.certificate && !problems.some((p) => p.column === dateColumn)) {
        problems.push({ column: dateColumn, message: `The ${regime.name} certificate needs the date the inspection was done` });
      }
      continue;
    }
    if (compareDates(entry.date, context.today) > 0) {
      problems.push({ column: dateColumn, message: `${entry.date} is in the future: an inspection is recorded once it has been done` });
      continue;
    }
    found.push({ regimeId: regime.id, performedOn: entry.date, certificateNumber: entry.certificate ?? null });
  }
  return found;
}

/** The chunk's meters named by number (any case), by lower-case number. */
async function lookUpMeters(executor: Executor, rows: ParsedRow[]): Promise<Map<string, { id: string; meterNumber: string }>> {
  const numbers = [...new Set(rows.flatMap((r) => (r.meter?.number ? [r.meter.number.toLowerCase()] : [])))];
  if (numbers.length === 0) return new Map();
  const found = await executor
    .select({ id: meters.id, meterNumber: meters.meterNumber })
    .from(meters)
    .where(inArray(sql`lower(${meters.meterNumber})`, numbers));
  return new Map(found.map((m) => [m.meterNumber.toLowerCase(), m]));
}

/**
 * The row's meter reading to record, checked as the Add Reading form's is (not lower than the one
 * before it, not higher than a later one) and at most one per meter per file; undefined when the row
 * has none, or the meter already has this reading on this date (a file imported twice).
 */
async function readingOf(
  executor: Executor,
  row: ParsedRow,
  context: ChunkContext,
  metersByNumber: Map<string, { id: string; meterNumber: string }>,
  state: RunState,
  problems: RowProblem[],
  committing: boolean,
): Promise<{ meterId: string; reading: number; date: CalendarDate } | undefined> {
  const given = row.meter;
  if (!given) return undefined;
  const columns = context.mapping.columnOf;
  const before = problems.length;
  if (!given.number) problems.push({ column: columns.meterNumber ?? null, message: 'A meter reading needs the meter number it was read from' });
  if (given.reading === undefined && !problems.some((p) => p.column === columns.meterReading)) {
    problems.push({ column: columns.meterReading ?? null, message: 'A meter number needs the reading to record' });
  }
  if (!given.date && !problems.some((p) => p.column === columns.meterReadingDate)) {
    problems.push({ column: columns.meterReadingDate ?? null, message: 'A meter reading needs the date it was read' });
  }
  if (problems.length > before || !given.number || given.reading === undefined || !given.date) return undefined;
  const meter = metersByNumber.get(given.number.toLowerCase());
  if (!meter) {
    problems.push({ column: columns.meterNumber ?? null, message: `Meter ${given.number} is not in the register: add it on the Meters page first` });
    return undefined;
  }
  const earlier = state.metersRead.get(meter.id);
  if (earlier !== undefined) {
    problems.push({ column: columns.meterNumber ?? null, message: `Row ${earlier} already records a reading of meter ${meter.meterNumber}: one reading per meter per file` });
    return undefined;
  }
  state.metersRead.set(meter.id, row.number);
  if (compareDates(given.date, context.today) > 0) {
    problems.push({ column: columns.meterReadingDate ?? null, message: `${given.date} is in the future` });
    return undefined;
  }
  // A commit locks the meter first, so readings recorded meanwhile are checked against too.
  if (committing) await lockMeter(executor as Tx, meter.id);
  const around = await readingNeighbours(executor, meter.id, readingTime(given.date), crypto.randomUUID());
  if (around.previousReading === given.reading && around.previousDate?.getTime() === readingTime(given.date).getTime()) return undefined;
  const refusal = readingRefusal(around, given.reading);
  if (refusal) {
    problems.push({ column: columns.meterReading ?? null, message: refusal });
    return undefined;
  }
  return { meterId: meter.id, reading: given.reading, date: given.date };
}

/**
 * The chunk's updates as one statement: each asset's changes (by column) laid over its row with
 * jsonb_populate_record, so one UPDATE sets different fields on different assets. One statement,
 * not one per row, so the register's statement triggers (the dashboard's counts) run once a chunk.
 */
async function updateAll(executor: Executor, updates: { id: string; changes: Record<string, unknown> }[]): Promise<void> {
  const columns = getTableColumns(assets);
  const columnName = (field: string) => {
    const column = columns[field as keyof typeof columns];
    if (!column) throw new Error(`import: no asset column for the field ${field}`);
    return column.name;
  };
  const names = [...new Set(updates.flatMap((u) => Object.keys(u.changes)))].map(columnName);
  const patches = updates.map((u) => JSON.stringify(Object.fromEntries(Object.entries(u.changes).map(([field, value]) => [columnName(field), value]))));
  const list = names.map((name) => `"${name}"`).join(', ');
  await executor.$client.query(
    `UPDATE assets AS a SET (${list}) = (SELECT ${names.map((name) => `p."${name}"`).join(', ')} FROM jsonb_populate_record(a, v.patch) AS p), updated_at = now()
     FROM unnest($1::uuid[], $2::jsonb[]) AS v(id, patch) WHERE a.id = v.id`,
    [updates.map((u) => u.id), patches],
  );
}
