import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inAreas } from '../../policy/areas';
import { transactionAs, type InTransaction, type Tx } from '../../db/actor';
import { meterReadings, meters, users } from '../../db/schema';
import { locationsRepo } from '../locations/locations.repo';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http-errors';
import type { z } from 'zod';
import { meterSchema, type createMeterSchema, type createReadingSchema, type Meter, type Reading } from '../../../shared/contract/meters';
import { columnsOf } from '../../db/api-columns';
import { readingRefusal, type ReadingNeighbours } from '../../../shared/domain/meters';
import type { SearchSource } from '../search/matches';

type MeterRow = typeof meters.$inferSelect;

/** Meters as the search box searches them (modules/search): as the API shows them (meterSchema), by meter number as their list is. */
export const meterSource: SearchSource = {
  table: meters,
  searchText: meters.searchText,
  order: sql`${meters.meterNumber}, ${meters.id}`,
  fields: columnsOf(meterSchema, meters),
  bigrams: sql`search_bigrams(${meters.searchText})`,
};

export function toMeter(row: MeterRow): Meter {
  return {
    id: row.id,
    meterNumber: row.meterNumber,
    type: row.type,
    unit: row.unit,
    multiplier: row.multiplier,
    locationId: row.locationId,
    locationPath: row.locationPath,
    lastReading: row.lastReading,
    lastReadingDate: row.lastReadingDate?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a create asks of the register; the route answers each kind. */
export type CreateMeterResult = { kind: 'created'; meter: Meter } | { kind: 'location-missing' } | { kind: 'number-taken'; message: string };
export type AddReadingResult = { kind: 'recorded'; reading: Reading } | { kind: 'meter-missing' } | { kind: 'refused'; message: string };

export function metersRepo(db: Db) {
  return {
    /** Every meter, or with `areaRoots` those in the areas (policy/areas.ts). */
    /** Every meter in the user's areas (null: the estate), or only those in `locationId`'s subtree. */
    async list(areaRoots: string[] | null = null, locationId?: string): Promise<Meter[]> {
      const rows = await db
        .select()
        .from(meters)
        .where(and(areaRoots ? inAreas(meters.locationId, areaRoots) : undefined, locationId ? inAreas(meters.locationId, [locationId]) : undefined))
        .orderBy(asc(meters.meterNumber));
      return rows.map(toMeter);
    },

    /**
     * The meters in a location and inside it, by meter number, at most `limit` (a site kept offline,
     * ADR 028: the caller asks for one more than it allows, to tell a location that holds too many).
     */
    async allInLocation(locationId: string, limit: number): Promise<Meter[]> {
      const rows = await db.select().from(meters).where(inAreas(meters.locationId, [locationId])).orderBy(asc(meters.meterNumber), asc(meters.id)).limit(limit);
      return rows.map(toMeter);
    },

    async get(id: string): Promise<Meter | undefined> {
      const [row] = await db.select().from(meters).where(eq(meters.id, id)).limit(1);
      return row && toMeter(row);
    },

    /** `inTransaction` runs in the insert's transaction (an idempotent request's answer, db/actor.ts). */
    async create(input: z.output<typeof createMeterSchema>, actorId: string, inTransaction?: InTransaction<CreateMeterResult>): Promise<CreateMeterResult> {
      try {
        return await transactionAs(db, actorId, async (tx): Promise<CreateMeterResult> => {
          // Locked like an asset's location, so a concurrent rename cannot leave a stale path.
          const locationPath = await locationsRepo(db).lockedPath(tx, input.locationId);
          if (!locationPath) return { kind: 'location-missing' };
          const [row] = await tx
            .insert(meters)
            .values({ ...input, locationPath })
            .returning();
          return { kind: 'created', meter: toMeter(row!) };
        }, inTransaction);
      } catch (err) {
        if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) return { kind: 'number-taken', message: `Meter number ${input.meterNumber} already exists` };
        throw err;
      }
    },

    /**
     * Records a reading. The meter row is locked for the transaction, so concurrent readings of one
     * meter are checked against each other and the meter's latest reading stays exact. The recorder
     * (the signed-in user) is the author in the audit trail. The answer is built from the rows at hand:
     * its consumption starts from the reading just before it, which the checks read anyway, with no
     * window over the meter's whole history.
     *
     * Three statements after BEGIN (was up to six): lock the meter, read its neighbours at once, insert
     * and move the meter's latest reading at once. The lock stays a statement of its own: under READ
     * COMMITTED a statement sees the rows committed before it began, so the neighbours must be read
     * once the lock is held, or a reading committed while this one waited would go unchecked.
     * `inTransaction` runs before the commit (an idempotent request's answer, db/actor.ts).
     */
    async addReading(input: z.output<typeof createReadingSchema>, recorder: { id: string; fullName: string }, inTransaction?: InTransaction<AddReadingResult>): Promise<AddReadingResult> {
      const readingDate = new Date(input.readingDate);
      // Chosen here so the reading's place among others of the same date is known before the insert.
      const id = crypto.randomUUID();
      // A refusal ends the transaction before anything is written: only the lock and reads ran.
      return transactionAs(db, recorder.id, async (tx): Promise<AddReadingResult> => {
        const meter = await lockMeter(tx, input.meterId);
        if (!meter) return { kind: 'meter-missing' };

        let startReading: number | undefined;
        if (!input.confirmReset) {
          const around = await readingNeighbours(tx, input.meterId, readingDate, id);
          const message = readingRefusal(around, input.reading);
          if (message) return { kind: 'refused', message };
          // Consumption runs in (reading date, id) order, so it starts from the reading just before this one.
          startReading = around.readingBefore ?? undefined;
        }

        const row = await insertReading(tx, {
          id,
          meterId: input.meterId,
          reading: input.reading,
          readingDate,
          recordedBy: recorder.id,
          notes: input.notes ?? null,
          photoUrl: input.photoUrl ?? null,
          isReset: input.confirmReset,
        });
        const reading: Reading = {
          id: row.id,
          meterId: row.meterId,
          reading: row.reading,
          readingDate: row.readingDate.toISOString(),
          recordedBy: row.recordedBy,
          recordedByName: recorder.fullName,
          notes: row.notes,
          photoUrl: row.photoUrl,
          isReset: row.isReset,
          // A reset starts afresh; the first reading has nothing to count from.
          consumption: row.isReset || startReading === undefined ? null : (row.reading - startReading) * meter.multiplier,
          createdAt: row.createdAt.toISOString(),
        };
        return { kind: 'recorded', reading };
      }, inTransaction);
    },

    /** A meter's readings, newest reading date first, each with its consumption since the one before. */
    /** Undefined when there is no such meter. */
    async readings(meterId: string, limit: number, cursor: string | undefined): Promise<ReadingsPage | undefined> {
      const [meter] = await db.select({ id: meters.id }).from(meters).where(eq(meters.id, meterId)).limit(1);
      if (!meter) return undefined;
      const after = cursor ? decodeCursor(cursor) : undefined;
      return readingsPage(await readingsWithConsumption(db, [meterId], { after, limit: limit + 1 }), limit);
    },

    /**
     * The first page of each meter's readings, exactly as `readings` gives it without a cursor (a site
     * kept offline: up to a thousand meters), in one statement rather than one per meter.
     */
    async firstReadingPages(meterIds: string[], limit: number): Promise<Map<string, ReadingsPage>> {
      const byMeter = new Map(meterIds.map((id): [string, Reading[]] => [id, []]));
      if (meterIds.length > 0) for (const row of await readingsWithConsumption(db, meterIds, { limit: limit + 1 })) byMeter.get(row.meterId)?.push(row);
      return new Map([...byMeter].map(([id, rows]) => [id, readingsPage(rows, limit)]));
    },
  };
}

type Executor = Pick<Db, 'execute'>;

/** Locks the meter for the transaction (readings of one meter are checked against each other); undefined when there is none. */
export async function lockMeter(tx: Tx, meterId: string): Promise<{ multiplier: number } | undefined> {
  const { rows } = await tx.$client.query<{ multiplier: number }>({ name: 'meter_lock', text: LOCK_METER, values: [meterId] });
  return rows[0];
}

/** The readings around a new one of the meter (see NEIGHBOURS), read once the meter is locked. */
export async function readingNeighbours(tx: Tx | Db, meterId: string, readingDate: Date, id: string): Promise<Neighbours> {
  // Read alone (an import's dry run) or in the locking transaction.
  const client: Pick<Db['$client'], 'query'> = tx.$client;
  const { rows } = await client.query<Neighbours>({ name: 'meter_reading_neighbours', text: NEIGHBOURS, values: [meterId, readingDate, id] });
  return rows[0]!;
}

/** Inserts the reading and makes it the meter's latest unless a later one exists (INSERT_READING). */
export async function insertReading(
  tx: Tx,
  values: { id: string; meterId: string; reading: number; readingDate: Date; recordedBy: string; notes: string | null; photoUrl: string | null; isReset: boolean },
): Promise<InsertedReading> {
  const { rows } = await tx.$client.query<InsertedReading>({
    name: 'meter_reading_insert',
    text: INSERT_READING,
    values: [values.id, values.meterId, values.reading, values.readingDate, values.recordedBy, values.notes, values.photoUrl, values.isReset],
  });
  return rows[0]!;
}

// The statements of addReading, sent by name: each pooled connection parses them once.

const LOCK_METER = 'SELECT multiplier FROM meters WHERE id = $1 FOR UPDATE';

export interface Neighbours extends ReadingNeighbours {
  readingBefore: number | null;
}

/**
 * For a new reading ($2 its date, $3 its id) of meter $1: the latest reading of the same date or
 * earlier (the new one must not be lower), the reading just before it in (reading date, id) order
 * (consumption starts there; it differs from the first only among readings of the same date), and
 * the first later reading (the new one must not be higher, unless that one is a reset). Each is one
 * step down the meter's (meter_id, reading_date, id) index.
 */
const NEIGHBOURS = `
SELECT previous.reading AS "previousReading", previous.reading_date AS "previousDate",
       before.reading AS "readingBefore",
       next.reading AS "nextReading", next.reading_date AS "nextDate", next.is_reset AS "nextIsReset"
FROM (SELECT) AS here
LEFT JOIN LATERAL (
  SELECT reading, reading_date FROM meter_readings WHERE meter_id = $1 AND reading_date <= $2
  ORDER BY reading_date DESC, id DESC LIMIT 1
) AS previous ON true
LEFT JOIN LATERAL (
  SELECT reading FROM meter_readings WHERE meter_id = $1 AND (reading_date, id) < ($2, $3::uuid)
  ORDER BY reading_date DESC, id DESC LIMIT 1
) AS before ON true
LEFT JOIN LATERAL (
  SELECT reading, reading_date, is_reset FROM meter_readings WHERE meter_id = $1 AND reading_date > $2
  ORDER BY reading_date ASC, id ASC LIMIT 1
) AS next ON true`;

interface InsertedReading {
  id: string;
  meterId: string;
  reading: number;
  readingDate: Date;
  recordedBy: string;
  notes: string | null;
  photoUrl: string | null;
  isReset: boolean;
  createdAt: Date;
}

/** Inserts the reading and, unless a later reading exists, makes it the meter's latest: one round trip. */
const INSERT_READING = `
WITH reading AS (
  INSERT INTO meter_readings (id, meter_id, reading, reading_date, recorded_by, notes, photo_url, is_reset)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
  RETURNING id, meter_id AS "meterId", reading, reading_date AS "readingDate", recorded_by AS "recordedBy",
            notes, photo_url AS "photoUrl", is_reset AS "isReset", created_at AS "createdAt"
), latest AS (
  UPDATE meters SET last_reading = $3, last_reading_date = $4
  WHERE id = $2 AND (last_reading_date IS NULL OR last_reading_date <= $4)
)
SELECT * FROM reading`;

export interface ReadingsPage {
  items: Reading[];
  nextCursor: string | null;
}

/** A page from `limit` + 1 rows of a meter's history: the extra row only says there is more, and the cursor continues after the page's last reading. */
function readingsPage(rows: Reading[], limit: number): ReadingsPage {
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[items.length - 1]!;
  return { items, nextCursor: encodeCursor({ createdAt: new Date(last.readingDate), id: last.id }) };
}

/**
 * Up to `limit` readings of each meter, newest reading date first (after `after` when given), each
 * with its consumption since the reading before it. Each meter's rows are one step down its (meter_id,
 * reading_date, id) index; the reading before a row is the next one down, so of the `limit` rows read
 * only the last lacks it, and a page is cut from `limit` = page size + 1 rows (the last one only says
 * there is more, and is dropped). When fewer rows are read, the last is the meter's first reading,
 * which has nothing before it anyway. Ordered by meter, then newest first.
 */
async function readingsWithConsumption(db: Executor, meterIds: string[], options: { limit: number; after?: { createdAt: Date; id: string } }): Promise<Reading[]> {
  const { after } = options;
  const result = await db.execute<{
    id: string;
    meter_id: string;
    reading: number;
    reading_date: Date | string;
    recorded_by: string;
    recorded_by_name: string | null;
    notes: string | null;
    photo_url: string | null;
    is_reset: boolean;
    consumption: number | string | null;
    created_at: Date | string;
  }>(sql`
    SELECT p.* FROM ${meters} m
    CROSS JOIN LATERAL (
      SELECT r.id, r.meter_id, r.reading, r.reading_date, r.recorded_by, u.full_name AS recorded_by_name,
             r.notes, r.photo_url, r.is_reset, r.created_at,
             CASE WHEN r.is_reset THEN NULL
                  ELSE (r.reading - lead(r.reading) OVER (ORDER BY r.reading_date DESC, r.id DESC))::bigint * m.multiplier
             END AS consumption
      FROM (
        SELECT * FROM ${meterReadings} mr
        WHERE mr.meter_id = m.id
          ${after ? sql`AND (mr.reading_date < ${after.createdAt} OR (mr.reading_date = ${after.createdAt} AND mr.id < ${after.id}))` : sql``}
        ORDER BY mr.reading_date DESC, mr.id DESC
        LIMIT ${options.limit}
      ) r
      LEFT JOIN ${users} u ON u.id = r.recorded_by
    ) p
    WHERE m.id = ANY(${sql.param(meterIds)}::uuid[])
    ORDER BY p.meter_id, p.reading_date DESC, p.id DESC
  `);
  return result.rows.map((r) => ({
    id: r.id,
    meterId: r.meter_id,
    reading: r.reading,
    readingDate: new Date(r.reading_date).toISOString(),
    recordedBy: r.recorded_by,
    recordedByName: r.recorded_by_name,
    notes: r.notes,
    photoUrl: r.photo_url,
    isReset: r.is_reset,
    consumption: r.consumption === null ? null : Number(r.consumption),
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

