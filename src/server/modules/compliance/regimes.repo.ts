import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complianceRegimes } from '../../db/schema';
import type { Regime } from '../../../shared/contract/compliance';
import type { AssetType } from '../../../shared/domain/assets';
import type { LocationType } from '../../../shared/domain/locations';

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

export function regimesRepo(db: Db) {
  return {
    /** The catalogue by category and name; retired regimes last. */
    async list(): Promise<Regime[]> {
      const rows = await db
        .select()
        .from(complianceRegimes)
        .orderBy(asc(complianceRegimes.retiredAt), asc(complianceRegimes.category), asc(complianceRegimes.name), asc(complianceRegimes.id));
      return rows.map(toRegime);
    },
  };
}
