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
