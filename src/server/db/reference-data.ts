import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { complianceRegimes } from './schema';
import { UK_REGIME_CATALOGUE } from '../../shared/domain/compliance/regimes';

/**
 * Reference data a new register starts with, written once under the migration lock (migrate.ts):
 * the UK catalogue of inspection regimes (ADR 025). Only into an empty table: regimes are retired,
 * never deleted, so once an organisation has its catalogue, later starts leave it as it was edited.
 */
export async function seedReferenceData(database: Database): Promise<void> {
  const [existing] = (await database.db.execute<{ any: boolean }>(sql`SELECT EXISTS (SELECT 1 FROM compliance_regimes) AS any`)).rows;
  if (existing?.any) return;
  await database.db.insert(complianceRegimes).values(
    UK_REGIME_CATALOGUE.map((regime) => ({
      key: regime.key,
      name: regime.name,
      category: regime.category,
      intervalCount: regime.interval.count,
      intervalUnit: regime.interval.unit,
      dueSoonDays: regime.dueSoonDays,
      anchor: regime.anchor,
      certificateRequired: regime.certificateRequired,
      readings: [...regime.readings],
      reference: regime.reference,
      assetTypes: [...regime.appliesTo.assetTypes],
      locationTypes: [...regime.appliesTo.locationTypes],
      notes: 'notes' in regime ? (regime.notes ?? null) : null,
    })),
  );
}
