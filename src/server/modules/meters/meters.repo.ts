import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs, type Tx } from '../../db/actor';
import { meterReadings, meters, users } from '../../db/schema';
import { locationsRepo } from '../locations/locations.repo';
import { decodeCursor, encodeCursor } from '../../db/keyset';
import { badRequest, conflict, notFound, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http-errors';
import type { z } from 'zod';
import type { createMeterSchema, createReadingSchema, Meter, Reading } from '../../../shared/contract/meters';

type MeterRow = typeof meters.$inferSelect;

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

const formatReading = (n: number) => n.toLocaleString('en-GB');
const formatDate = (d: Date) => d.toISOString().slice(0, 10);

export function metersRepo(db: Db) {
  return {
    async list(): Promise<Meter[]> {
      const rows = await db.select().from(meters).orderBy(asc(meters.meterNumber));
      return rows.map(toMeter);
    },

    async get(id: string): Promise<Meter> {
      const [row] = await db.select().from(meters).where(eq(meters.id, id)).limit(1);
      if (!row) throw notFound('Meter not found');
      return toMeter(row);
    },

    async create(input: z.output<typeof createMeterSchema>, actorId: string): Promise<Meter> {
      try {
        return await transactionAs(db, actorId, async (tx) => {
          // Locked like an asset's location, so a concurrent rename cannot leave a stale path.
          const locationPath = await locationsRepo(db).lockedPath(tx, input.locationId);
          if (!locationPath) throw badRequest('Location not found', { locationId: 'Location not found' });
          const [row] = await tx
            .insert(meters)
            .values({ ...input, locationPath })
            .returning();
          return toMeter(row!);
        });
      } catch (err) {
        if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) {
          const message = `Meter number ${input.meterNumber} already exists`;
          throw conflict(message, { meterNumber: message });
        }
        throw err;
      }
    },

    /**
     * Records a reading. The meter row is locked for the transaction, so concurrent readings of one
     * meter are checked against each other and the meter's latest reading stays exact. The recorder
     * (the signed-in user) is the author in the audit trail. The answer is built from the rows at hand:
     * its consumption starts from the previous reading the check already read, with no window over
     * the meter's whole history.
     */
    async addReading(input: z.output<typeof createReadingSchema>, recorder: { id: string; fullName: string }): Promise<Reading> {
      const readingDate = new Date(input.readingDate);
      // Chosen here so the reading's place among others of the same date is known before the insert.
      const id = crypto.randomUUID();
      return transactionAs(db, recorder.id, async (tx) => {
        const [meter] = await tx.select().from(meters).where(eq(meters.id, input.meterId)).for('update').limit(1);
        if (!meter) throw badRequest('Meter not found', { meterId: 'Meter not found' });

        let startReading: number | undefined;
        if (!input.confirmReset) {
          const [previous] = await tx
            .select({ reading: meterReadings.reading, readingDate: meterReadings.readingDate })
            .from(meterReadings)
            .where(and(eq(meterReadings.meterId, meter.id), sql`${meterReadings.readingDate} <= ${readingDate}`))
            .orderBy(sql`${meterReadings.readingDate} DESC, ${meterReadings.id} DESC`)
            .limit(1);
          if (previous && input.reading < previous.reading) {
            const message =
              `Reading is lower than the previous reading (${formatReading(previous.reading)} on ${formatDate(previous.readingDate)}). ` +
              'If the meter was replaced or rolled over, confirm it as a meter reset.';
            throw badRequest(message, { reading: message });
          }
          // Consumption runs in (reading date, id) order; only a reading of the very same date needs the ids compared.
          startReading =
            previous && previous.readingDate.getTime() === readingDate.getTime()
              ? await readingBefore(tx, meter.id, readingDate, id)
              : previous?.reading;
          const [next] = await tx
            .select({ reading: meterReadings.reading, readingDate: meterReadings.readingDate, isReset: meterReadings.isReset })
            .from(meterReadings)
            .where(and(eq(meterReadings.meterId, meter.id), sql`${meterReadings.readingDate} > ${readingDate}`))
            .orderBy(sql`${meterReadings.readingDate} ASC, ${meterReadings.id} ASC`)
            .limit(1);
          if (next && !next.isReset && input.reading > next.reading) {
            const message = `Reading is higher than the later reading (${formatReading(next.reading)} on ${formatDate(next.readingDate)}). Check the reading and its date.`;
            throw badRequest(message, { reading: message });
          }
        }

        const [row] = await tx
          .insert(meterReadings)
          .values({
            id,
            meterId: meter.id,
            reading: input.reading,
            readingDate,
            recordedBy: recorder.id,
            notes: input.notes,
            photoUrl: input.photoUrl,
            isReset: input.confirmReset,
          })
          .returning();
        if (!meter.lastReadingDate || readingDate >= meter.lastReadingDate) {
          await tx.update(meters).set({ lastReading: input.reading, lastReadingDate: readingDate }).where(eq(meters.id, meter.id));
        }
        return {
          id: row!.id,
          meterId: row!.meterId,
          reading: row!.reading,
          readingDate: row!.readingDate.toISOString(),
          recordedBy: row!.recordedBy,
          recordedByName: recorder.fullName,
          notes: row!.notes,
          photoUrl: row!.photoUrl,
          isReset: row!.isReset,
          // A reset starts afresh; the first reading has nothing to count from.
          consumption: row!.isReset || startReading === undefined ? null : (row!.reading - startReading) * meter.multiplier,
          createdAt: row!.createdAt.toISOString(),
        };
      });
    },

    /** A meter's readings, newest reading date first, each with its consumption since the one before. */
    async readings(meterId: string, limit: number, cursor: string | undefined): Promise<{ items: Reading[]; nextCursor: string | null }> {
      const [meter] = await db.select({ multiplier: meters.multiplier }).from(meters).where(eq(meters.id, meterId)).limit(1);
      if (!meter) throw notFound('Meter not found');
      const after = cursor ? decodeCursor(cursor) : undefined;
      const rows = await readingsWithConsumption(db, meterId, meter.multiplier, { after, limit: limit + 1 });
      if (rows.length <= limit) return { items: rows, nextCursor: null };
      const items = rows.slice(0, limit);
      const last = items[items.length - 1]!;
      return { items, nextCursor: encodeCursor({ createdAt: new Date(last.readingDate), id: last.id }) };
    },
  };
}

type Executor = Pick<Db, 'execute'>;

/** The value of the meter's reading just before (readingDate, id) in consumption order, if any. */
async function readingBefore(tx: Tx, meterId: string, readingDate: Date, id: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ reading: meterReadings.reading })
    .from(meterReadings)
    .where(and(eq(meterReadings.meterId, meterId), sql`(${meterReadings.readingDate}, ${meterReadings.id}) < (${readingDate}, ${id}::uuid)`))
    .orderBy(sql`${meterReadings.readingDate} DESC, ${meterReadings.id} DESC`)
    .limit(1);
  return row?.reading;
}

/**
 * Consumption needs each reading's predecessor, so the window runs over all of the meter's readings
 * (a meter has hundreds, not millions) before the page is cut.
 */
async function readingsWithConsumption(
  db: Executor,
  meterId: string,
  multiplier: number,
  options: { limit: number; after?: { createdAt: Date; id: string } },
): Promise<Reading[]> {
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
    SELECT * FROM (
      SELECT r.id, r.meter_id, r.reading, r.reading_date, r.recorded_by, u.full_name AS recorded_by_name,
             r.notes, r.photo_url, r.is_reset, r.created_at,
             CASE WHEN r.is_reset THEN NULL
                  ELSE (r.reading - lag(r.reading) OVER (ORDER BY r.reading_date, r.id))::bigint * ${multiplier}
             END AS consumption
      FROM ${meterReadings} r
      LEFT JOIN ${users} u ON u.id = r.recorded_by
      WHERE r.meter_id = ${meterId}
    ) w
    WHERE true
      ${after ? sql`AND (w.reading_date < ${after.createdAt} OR (w.reading_date = ${after.createdAt} AND w.id < ${after.id}))` : sql``}
    ORDER BY w.reading_date DESC, w.id DESC
    LIMIT ${options.limit}
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

