/** Utility meters (spec §2 Meters, §3, §9). */
export const METER_TYPES = ['electricity', 'gas', 'water'] as const;
export type MeterType = (typeof METER_TYPES)[number];
export const METER_TYPE_LABELS: Record<MeterType, string> = { electricity: 'Electricity', gas: 'Gas', water: 'Water' };

/** The unit a meter type suggests in the Add Meter dialog. */
export const DEFAULT_METER_UNITS: Record<MeterType, string> = { electricity: 'kWh', gas: 'm³', water: 'L' };

export const METER_DEFAULTS = { type: 'electricity', unit: 'kWh', multiplier: 1 } as const satisfies {
  type: MeterType;
  unit: string;
  multiplier: number;
};

/**
 * Readings on a page of a meter's history (GET /api/meters/{id}/readings?limit=…): enough for a
 * readable chart on a phone. A site kept offline carries the first page of each meter's readings at
 * this size, so the meter page opens offline from the same address it asks for online.
 */
export const METER_READINGS_PAGE_SIZE = 20;

/** Readings are whole numbers within PostgreSQL's integer range. */
export const MAX_READING = 2_147_483_647;
export const MAX_MULTIPLIER = 1_000_000;
/** A reading sent without a number (spec §3: reading "integer, required"). */
export const READING_REQUIRED_MESSAGE = 'Reading is required';

/** The readings around a new one of a meter: the latest on or before its date, and the first after it. */
export interface ReadingNeighbours {
  previousReading: number | null;
  previousDate: Date | null;
  nextReading: number | null;
  nextDate: Date | null;
  nextIsReset: boolean | null;
}

const formatReadingValue = (n: number) => n.toLocaleString('en-GB');
const formatReadingDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Why a reading cannot go among its neighbours (spec §5's messages), or null when it can. The server
 * decides with the meter's whole history; a device offline with the readings it holds (ADR 028).
 */
export function readingRefusal(around: ReadingNeighbours, reading: number): string | null {
  if (around.previousReading !== null && reading < around.previousReading) {
    return (
      `Reading is lower than the previous reading (${formatReadingValue(around.previousReading)} on ${formatReadingDay(around.previousDate!)}). ` +
      'If the meter was replaced or rolled over, confirm it as a meter reset.'
    );
  }
  if (around.nextReading !== null && !around.nextIsReset && reading > around.nextReading) {
    return `Reading is higher than the later reading (${formatReadingValue(around.nextReading)} on ${formatReadingDay(around.nextDate!)}). Check the reading and its date.`;
  }
  return null;
}

/**
 * The neighbours of a reading dated `readingDate` among some of the meter's readings (those a device
 * holds: the newest page of its history). Exact when the date is no older than the oldest of them.
 */
export function neighboursAmong(known: ReadonlyArray<{ reading: number; readingDate: string; isReset: boolean }>, readingDate: Date): ReadingNeighbours {
  const at = readingDate.getTime();
  let previous: (typeof known)[number] | undefined;
  let next: (typeof known)[number] | undefined;
  for (const r of known) {
    const time = Date.parse(r.readingDate);
    if (time <= at) {
      if (!previous || time > Date.parse(previous.readingDate)) previous = r;
    } else if (!next || time < Date.parse(next.readingDate)) next = r;
  }
  return {
    previousReading: previous?.reading ?? null,
    previousDate: previous ? new Date(previous.readingDate) : null,
    nextReading: next?.reading ?? null,
    nextDate: next ? new Date(next.readingDate) : null,
    nextIsReset: next?.isReset ?? null,
  };
}
