import type pg from 'pg';
import { DEFAULT_METER_UNITS, type MeterType } from '../../src/shared/domain/meters';
import type { BulkInserter } from './bulk-insert';
import type { Estate } from './locations';
import { DAY_MS, spread, type Random } from './random';

export const METER_COLUMNS = ['id', 'meter_number', 'type', 'unit', 'multiplier', 'location_id', 'location_path', 'created_at'] as const;
export const READING_COLUMNS = ['id', 'meter_id', 'reading', 'reading_date', 'recorded_by', 'notes', 'created_at'] as const;

const PREFIX: Record<MeterType, string> = { electricity: 'EL', gas: 'GA', water: 'WA' };
/** Typical use per day, in the meter's unit, for a commercial building (min, max). */
const DAILY_USE: Record<MeterType, readonly [number, number]> = { electricity: [40, 900], gas: [5, 250], water: [300, 15_000] };
const NOTES = ['Estimated reading', 'Read by site staff', 'Photo on file', 'Access via plant room key'];

/**
 * Meters on buildings and sites, each with a reading history over the last two years: dates about
 * evenly spaced, values rising by a realistic daily use (so consumption is always positive).
 */
export async function insertMeters(
  inserters: { meters: BulkInserter; readings: BulkInserter },
  random: Random,
  options: { meters: number; readings: number; start: number; now: number; estate: Estate; pickUser: () => string },
): Promise<void> {
  const { start, now, estate, pickUser } = options;
  const perMeter = spread(random, options.readings, options.meters);
  const numbers: Record<MeterType, number> = { electricity: 0, gas: 0, water: 0 };

  for (let m = 0; m < options.meters; m++) {
    const type = random.weighted<MeterType>([
      ['electricity', 50],
      ['gas', 20],
      ['water', 30],
    ]);
    const location = random.chance(0.7) ? random.pick(estate.buildings) : random.pick(estate.sites);
    const multiplier = random.chance(0.1) ? 10 : 1;
    const createdAt = start + random.int(0, 60) * DAY_MS + random.int(0, DAY_MS - 1);
    const id = random.uuid();
    numbers[type] += 1;
    await inserters.meters.add([
      id,
      `${PREFIX[type]}-${String(numbers[type]).padStart(5, '0')}`,
      type,
      DEFAULT_METER_UNITS[type],
      multiplier,
      location.id,
      location.path,
      new Date(createdAt),
    ]);

    const count = perMeter[m]!;
    const [low, high] = DAILY_USE[type];
    const dailyUse = (low + random.float() * (high - low)) / multiplier;
    const first = createdAt + DAY_MS;
    const interval = (now - 3_600_000 - first) / count;
    let reading = random.int(0, 50_000);
    let date = first;
    for (let r = 0; r < count; r++) {
      const next = Math.floor(first + interval * (r + 0.5 + (random.float() - 0.5) * 0.6));
      const days = (next - date) / DAY_MS;
      date = Math.max(date + 60_000, next);
      if (r > 0) reading += Math.max(1, Math.round(dailyUse * days * (0.6 + random.float() * 0.8)));
      await inserters.readings.add([
        random.uuid(),
        id,
        reading,
        new Date(date),
        pickUser(),
        random.chance(0.05) ? random.pick(NOTES) : null,
        new Date(Math.min(now - 1, date + random.int(0, 20 * 60_000))),
      ]);
    }
  }
  await inserters.meters.flush();
  await inserters.readings.flush();
}

/** Each meter's latest reading, as the app keeps it on every new reading. */
export async function setLastReadings(client: pg.ClientBase): Promise<void> {
  await client.query(`
    UPDATE meters m SET last_reading = r.reading, last_reading_date = r.reading_date
    FROM (SELECT DISTINCT ON (meter_id) meter_id, reading, reading_date
          FROM meter_readings ORDER BY meter_id, reading_date DESC, id DESC) r
    WHERE r.meter_id = m.id`);
}
