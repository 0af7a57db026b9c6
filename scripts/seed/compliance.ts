import type pg from 'pg';
import { addDays, compareDates, minIntervalDays, type CalendarDate, type Interval } from '../../src/shared/domain/compliance/calendar-date';
import type { ObligationState } from '../../src/shared/domain/compliance/obligation-status';
import type { AnchorRule, InspectionResult } from '../../src/shared/domain/compliance/regimes';
import { obligationDates } from '../../src/server/modules/compliance/obligation-dates';
import type { BulkInserter } from './bulk-insert';
import type { AssetIndex } from './assets';
import type { Estate } from './locations';
import { DAY_MS, type Random } from './random';
import { ASSIGNEES } from './vocabulary';

/**
 * Statutory compliance for the seeded estate (ADR 025): about three obligations per asset (the
 * regimes usual for its type first, then others an estate also keeps on assets), the regimes usual
 * for each site and building, and a history of inspections behind each (about 3.5, so 100,000
 * assets give ~300,000 obligations and ~1,000,000 inspections). Dates and statuses come from the
 * shared rules, as the app stores them; most obligations are in date, some due soon, some overdue,
 * some never evidenced, a few suspended or not applicable.
 */

export const OBLIGATION_COLUMNS = [
  'id', 'regime_id', 'asset_id', 'location_id', 'responsible_user_id', 'contractor', 'state', 'state_reason', 'start_on',
  'last_completed_on', 'last_result', 'last_inspection_id', 'last_certificate_number', 'certificate_expires_on', 'next_due_on', 'status', 'status_changes_on',
  'created_by', 'created_at', 'updated_at',
] as const;
export const INSPECTION_COLUMNS = [
  'id', 'obligation_id', 'performed_on', 'result', 'performed_by_id', 'contractor', 'certificate_number', 'notes', 'recorded_by_id', 'created_at',
] as const;

/** Obligations each asset carries. */
const OBLIGATIONS_PER_ASSET = 3;
/** Inspections behind an evidenced obligation: 1 to 7, about 3.8 on average (fewer where they would go back before 2015). */
const HISTORY_MAX = 7;
const EARLIEST: CalendarDate = '2015-01-01';

interface SeedRegime {
  id: string;
  key: string;
  interval: Interval;
  dueSoonDays: number;
  anchor: AnchorRule;
  certificateRequired: boolean;
  assetTypes: string[];
  locationTypes: string[];
}

/** The catalogue the migrations put in (db/reference-data.ts). */
export async function loadRegimes(client: pg.ClientBase): Promise<SeedRegime[]> {
  const { rows } = await client.query<{
    id: string;
    key: string;
    interval_count: number;
    interval_unit: Interval['unit'];
    due_soon_days: number;
    anchor: AnchorRule;
    certificate_required: boolean;
    asset_types: string[];
    location_types: string[];
  }>('SELECT * FROM compliance_regimes WHERE retired_at IS NULL ORDER BY key');
  if (rows.length === 0) throw new Error('compliance_regimes is empty: run the migrations (npm run db:migrate) first');
  return rows.map((r) => ({
    id: r.id,
    key: r.key,
    interval: { count: r.interval_count, unit: r.interval_unit },
    dueSoonDays: r.due_soon_days,
    anchor: r.anchor,
    certificateRequired: r.certificate_required,
    assetTypes: r.asset_types,
    locationTypes: r.location_types,
  }));
}

const CONTRACTORS = ['Northern Fire Ltd', 'Apex Electrical', 'Clearwater Hygiene', 'LiftCare UK', 'Gas Safe Services', 'Pennine Compliance', null, null];

export async function insertCompliance(
  inserters: { obligations: BulkInserter; inspections: BulkInserter },
  random: Random,
  options: { assets: AssetIndex; estate: Estate; regimes: SeedRegime[]; today: CalendarDate; now: number; pickUser: () => string; userIds: string[] },
): Promise<{ obligations: number; inspections: number }> {
  const { assets, estate, regimes, today, now, pickUser, userIds } = options;
  const assetRegimes = regimes.filter((r) => r.assetTypes.length > 0);
  let obligationCount = 0;
  let inspectionCount = 0;

  const addObligation = async (regime: SeedRegime, assetId: string | null, locationId: string) => {
    const id = random.uuid();
    const state: ObligationState = random.weighted([
      ['active', 97],
      ['suspended', 2],
      ['not_applicable', 1],
    ] as const);
    const contractor = random.pick(CONTRACTORS);
    const creator = pickUser();
    const evidenced = random.chance(0.94);
    const intervalDays = minIntervalDays(regime.interval);

    // The latest inspection: most within the interval, about one in five past it.
    const history: Array<{ id: string; performedOn: CalendarDate; result: InspectionResult; certificateNumber: string | null }> = [];
    if (evidenced) {
      const last = addDays(today, -random.int(0, Math.ceil(intervalDays * 1.25)));
      const length = random.int(1, HISTORY_MAX);
      for (let k = length - 1; k >= 0; k--) {
        const performedOn = addDays(last, -k * intervalDays - (k > 0 ? random.int(-3, 3) : 0));
        if (compareDates(performedOn, EARLIEST) < 0) continue;
        const result: InspectionResult = k === 0 ? (random.chance(0.9) ? 'pass' : 'pass_with_observations') : random.weighted([['pass', 85], ['pass_with_observations', 10], ['fail', 5]] as const);
        const certificateNumber = regime.certificateRequired ? `${regime.key.slice(0, 3).toUpperCase()}-${random.digits(6)}` : null;
        history.push({ id: random.uuid(), performedOn, result, certificateNumber });
      }
    }
    const latest = history.at(-1) ?? null;
    const startOn = regime.anchor === 'fixed' ? (history[0]?.performedOn ?? today) : null;
    const dates = obligationDates(
      {
        state,
        interval: regime.interval,
        anchor: regime.anchor,
        dueSoonDays: regime.dueSoonDays,
        startOn,
        latest: latest && { id: latest.id, performedOn: latest.performedOn, result: latest.result, certificateNumber: latest.certificateNumber, certificateExpiresOn: null },
        remedialActionOpen: false,
      },
      today,
    );
    const createdAt = new Date(Math.min(now, history[0] ? Date.parse(`${history[0].performedOn}T09:00:00Z`) - DAY_MS : now - random.int(1, 400) * DAY_MS));
    await inserters.obligations.add([
      id,
      regime.id,
      assetId,
      locationId,
      random.chance(0.7) ? random.pick(userIds) : null,
      contractor,
      state,
      state === 'active' ? null : state === 'suspended' ? 'Out of use while the plant room is refurbished' : 'Removed from the building',
      startOn,
      dates.lastCompletedOn,
      dates.lastResult,
      dates.lastInspectionId,
      dates.lastCertificateNumber,
      dates.certificateExpiresOn,
      dates.nextDueOn,
      dates.status,
      dates.statusChangesOn,
      creator,
      createdAt,
      createdAt,
    ]);
    for (const inspection of history) {
      const inspector = random.chance(0.6) ? pickUser() : null;
      await inserters.inspections.add([
        inspection.id,
        id,
        inspection.performedOn,
        inspection.result,
        inspector,
        inspector ? null : (contractor ?? random.pick(ASSIGNEES)),
        inspection.certificateNumber,
        inspection.result === 'pass' ? null : 'Minor defects noted; see the report',
        inspector ?? creator,
        new Date(Math.min(now, Date.parse(`${inspection.performedOn}T10:00:00Z`) + random.int(0, 6) * 3_600_000)),
      ]);
    }
    obligationCount += 1;
    inspectionCount += history.length;
  };

  for (let i = 0; i < assets.ids.length; i++) {
    const type = assets.types[i]!;
    const chosen = new Set(assetRegimes.filter((r) => r.assetTypes.includes(type)).slice(0, OBLIGATIONS_PER_ASSET));
    while (chosen.size < OBLIGATIONS_PER_ASSET) chosen.add(random.pick(assetRegimes));
    for (const regime of chosen) await addObligation(regime, assets.ids[i]!, assets.locationIds[i]!);
  }
  for (const place of [...estate.sites, ...estate.buildings]) {
    for (const regime of regimes) {
      if (regime.locationTypes.includes(place.type) && random.chance(0.85)) await addObligation(regime, null, place.id);
    }
  }
  await inserters.obligations.flush();
  await inserters.inspections.flush();
  return { obligations: obligationCount, inspections: inspectionCount };
}
