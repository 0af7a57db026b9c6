import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs } from '../../db/actor';
import { complianceRegimes, obligations } from '../../db/schema';
import type { Regime } from '../../../shared/contract/compliance';
import type { AssetType } from '../../../shared/domain/assets';
import type { LocationType } from '../../../shared/domain/locations';
import { minIntervalDays, type CalendarDate, type Interval } from '../../../shared/domain/compliance/calendar-date';
import type { AnchorRule, RegimeCategory } from '../../../shared/domain/compliance/regimes';

type RegimeRow = typeof complianceRegimes.$inferSelect;

/** A regime as the API shows it (regimeSchema). */
export function toRegime(row: RegimeRow): Regime {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    category: row.category,
    interval: { count: row.intervalCount, unit: row.intervalUnit },
    dueSoonDays: row.dueSoonDays,
    anchor: row.anchor,
    certificateRequired: row.certificateRequired,
    readings: row.readings,
    reference: row.reference,
    appliesTo: { assetTypes: row.assetTypes as AssetType[], locationTypes: row.locationTypes as LocationType[] },
    notes: row.notes,
    retired: row.retiredAt !== null,
  };
}

export interface RegimeInput {
  name: string;
  category: RegimeCategory;
  interval: Interval;
  dueSoonDays: number;
  anchor: AnchorRule;
  certificateRequired: boolean;
  reference: string | null;
  appliesTo: { assetTypes: AssetType[]; locationTypes: LocationType[] };
  notes: string | null;
}
export type RegimeChanges = Partial<RegimeInput> & { retired?: boolean };

export type RegimeWriteResult =
  | { kind: 'saved'; regime: Regime }
  | { kind: 'missing' }
  | { kind: 'name-taken'; name: string }
  | { kind: 'window-too-long' };

/** The columns of a regime's fields (only those given). */
function columnsOf(input: Partial<RegimeInput>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.category !== undefined && { category: input.category }),
    ...(input.interval !== undefined && { intervalCount: input.interval.count, intervalUnit: input.interval.unit }),
    ...(input.dueSoonDays !== undefined && { dueSoonDays: input.dueSoonDays }),
    ...(input.anchor !== undefined && { anchor: input.anchor }),
    ...(input.certificateRequired !== undefined && { certificateRequired: input.certificateRequired }),
    // The catalogue's column holds text: a regime of the organisation's own may cite nothing.
    ...(input.reference !== undefined && { reference: input.reference ?? '' }),
    ...(input.appliesTo !== undefined && { assetTypes: input.appliesTo.assetTypes, locationTypes: input.appliesTo.locationTypes }),
    ...(input.notes !== undefined && { notes: input.notes }),
  };
}

/** A stable key from the name: "Roller shutter service" → "roller_shutter_service". */
export function keyFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  return slug || 'regime';
}

/** An obligation's due-soon window must close before its next occurrence opens. */
const windowFits = (dueSoonDays: number, interval: Interval) => dueSoonDays < minIntervalDays(interval);

export function regimesRepo(db: Db) {
  const nameTaken = async (tx: Pick<Db, 'select'>, name: string, exceptId?: string) => {
    const [row] = await tx
      .select({ id: complianceRegimes.id })
      .from(complianceRegimes)
      .where(and(sql`lower(${complianceRegimes.name}) = lower(${name})`, exceptId ? ne(complianceRegimes.id, exceptId) : undefined))
      .limit(1);
    return row !== undefined;
  };

  return {
    /** The catalogue by category and name; retired regimes last. */
    async list(): Promise<Regime[]> {
      const rows = await db
        .select()
        .from(complianceRegimes)
        .orderBy(asc(complianceRegimes.retiredAt), asc(complianceRegimes.category), asc(complianceRegimes.name), asc(complianceRegimes.id));
      return rows.map(toRegime);
    },

    /** Adds a regime of the organisation's own; its key comes from its name (a number added when taken). */
    async create(input: RegimeInput, actorId: string): Promise<RegimeWriteResult> {
      if (!windowFits(input.dueSoonDays, input.interval)) return { kind: 'window-too-long' };
      return transactionAs(db, actorId, async (tx) => {
        // One add at a time, so two with the same name cannot both pass the check.
        await tx.execute(sql`LOCK TABLE ${complianceRegimes} IN SHARE ROW EXCLUSIVE MODE`);
        if (await nameTaken(tx, input.name)) return { kind: 'name-taken' as const, name: input.name };
        const base = keyFromName(input.name);
        const taken = new Set(
          (await tx.select({ key: complianceRegimes.key }).from(complianceRegimes).where(sql`${complianceRegimes.key} LIKE ${`${base}%`}`)).map((r) => r.key),
        );
        let key = base;
        for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
        const [row] = await tx
          .insert(complianceRegimes)
          .values({
            key,
            name: input.name,
            category: input.category,
            intervalCount: input.interval.count,
            intervalUnit: input.interval.unit,
            dueSoonDays: input.dueSoonDays,
            anchor: input.anchor,
            certificateRequired: input.certificateRequired,
            reference: input.reference ?? '',
            assetTypes: input.appliesTo.assetTypes,
            locationTypes: input.appliesTo.locationTypes,
            notes: input.notes,
          })
          .returning();
        return { kind: 'saved' as const, regime: toRegime(row!) };
      });
    },

    /**
     * Applies the changes. When the dates' rules change (interval, window, anchor), every obligation
     * of the regime is marked to be worked out again today (`status_changes_on`): each read shows
     * its new dates at once, and the compliance calendar stores them (and the counts follow) as it
     * does at midnight. Inspections are never touched, so past results stay as they were.
     * Returns whether dates moved, so the caller can run the calendar now.
     */
    async update(id: string, changes: RegimeChanges, today: CalendarDate, actorId: string): Promise<RegimeWriteResult & { datesMoved?: boolean }> {
      return transactionAs(db, actorId, async (tx) => {
        const [current] = await tx.select().from(complianceRegimes).where(eq(complianceRegimes.id, id)).for('update');
        if (!current) return { kind: 'missing' as const };
        if (changes.name !== undefined && (await nameTaken(tx, changes.name, id))) return { kind: 'name-taken' as const, name: changes.name };
        // Checked when either side changes; a catalogue entry's own figures are left as they come.
        const interval = changes.interval ?? { count: current.intervalCount, unit: current.intervalUnit };
        const windowChanged = changes.interval !== undefined || changes.dueSoonDays !== undefined;
        if (windowChanged && !windowFits(changes.dueSoonDays ?? current.dueSoonDays, interval)) return { kind: 'window-too-long' as const };

        const retiredAt = changes.retired === undefined ? {} : { retiredAt: changes.retired ? (current.retiredAt ?? new Date()) : null };
        const [row] = await tx
          .update(complianceRegimes)
          .set({ ...columnsOf(changes), ...retiredAt, updatedAt: sql`now()` })
          .where(eq(complianceRegimes.id, id))
          .returning();
        const datesMoved =
          row!.intervalCount !== current.intervalCount || row!.intervalUnit !== current.intervalUnit || row!.dueSoonDays !== current.dueSoonDays || row!.anchor !== current.anchor;
        if (datesMoved) await tx.update(obligations).set({ statusChangesOn: today }).where(eq(obligations.regimeId, id));
        return { kind: 'saved' as const, regime: toRegime(row!), datesMoved };
      });
    },
  };
}
