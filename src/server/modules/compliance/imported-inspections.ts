import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/actor';
import { complianceRegimes, obligations } from '../../db/schema';
import type { CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import { factsWithEntry, obligationDates } from './obligation-dates';
import { factsOf, latestEnteredAt, regimeFactColumns, storedFacts } from './obligations.repo';
import { raiseAllForOverdue } from './remedial-actions';

/**
 * Inspections brought in by a spreadsheet import (issue 26, ADR 029): the last inspection of a regime
 * on each asset of a chunk of rows. Each is what "Record inspection" stores (append-only, a pass,
 * dated as the file says), and each asset gets the regime's obligation when it lacks one, as "Add
 * regime" would; the obligation's dates are then worked out by the same shared rules. Done for the
 * whole chunk in a few statements rather than a transaction per inspection, so a register of 50,000
 * rows with a column of inspection dates imports in one pass.
 */

export interface ImportedInspection {
  assetId: string;
  regimeId: string;
  performedOn: CalendarDate;
  certificateNumber: string | null;
  /** Where it came from ("Imported from register.xlsx, row 12"). */
  notes: string;
}

/** Whether each (asset, regime) already has an inspection on each date: `${assetId} ${regimeId} ${date}`. */
export async function inspectionsOnFile(tx: Pick<Tx, 'execute'>, wanted: ImportedInspection[]): Promise<Set<string>> {
  if (wanted.length === 0) return new Set();
  const { rows } = await tx.execute<{ key: string }>(sql`
    SELECT DISTINCT o.asset_id || ' ' || o.regime_id || ' ' || i.performed_on AS key
    FROM unnest(${sql.param(wanted.map((w) => w.assetId))}::uuid[], ${sql.param(wanted.map((w) => w.regimeId))}::uuid[], ${sql.param(wanted.map((w) => w.performedOn))}::date[]) AS w(asset_id, regime_id, performed_on)
    JOIN obligations AS o ON o.asset_id = w.asset_id AND o.regime_id = w.regime_id
    JOIN inspections AS i ON i.obligation_id = o.id AND i.performed_on = w.performed_on`);
  return new Set(rows.map((r) => r.key));
}
export const inspectionKey = (i: Pick<ImportedInspection, 'assetId' | 'regimeId' | 'performedOn'>) => `${i.assetId} ${i.regimeId} ${i.performedOn}`;

/**
 * Records the inspections (at most one per asset and regime) as `actorId`. Obligations are created where missing (active, the regime's own interval), then
 * locked, and their dates stored again from the inspection that now counts: the latest by date
 * performed, so an imported inspection older than one already recorded adds to the history and
 * changes no date. One falling overdue raises its action, as every write does.
 */
export async function recordImportedInspections(tx: Tx, items: ImportedInspection[], writer: { actorId: string; today: CalendarDate }): Promise<void> {
  if (items.length === 0) return;
  const assetIds = sql.param(items.map((i) => i.assetId));
  const regimeIds = sql.param(items.map((i) => i.regimeId));
  // New obligations start undated; their dates are stored below with the rest.
  await tx.execute(sql`
    INSERT INTO obligations (regime_id, asset_id, location_id, created_by, status)
    SELECT w.regime_id, a.id, a.location_id, ${writer.actorId}, 'unknown'
    FROM unnest(${assetIds}::uuid[], ${regimeIds}::uuid[]) AS w(asset_id, regime_id) JOIN assets AS a ON a.id = w.asset_id
    ORDER BY a.id, w.regime_id
    ON CONFLICT DO NOTHING`);
  const found = await tx
    .select({ row: obligations, regime: regimeFactColumns, latestEnteredAt: latestEnteredAt() })
    .from(obligations)
    .innerJoin(complianceRegimes, sql`${complianceRegimes.id} = ${obligations.regimeId}`)
    .where(sql`(${obligations.assetId}, ${obligations.regimeId}) IN (SELECT * FROM unnest(${assetIds}::uuid[], ${regimeIds}::uuid[]))`)
    .orderBy(obligations.id)
    .for('update', { of: obligations });
  const byPair = new Map(found.map((f) => [`${f.row.assetId} ${f.row.regimeId}`, f]));

  const inserted = items.map((item) => ({ ...item, id: crypto.randomUUID(), obligation: byPair.get(`${item.assetId} ${item.regimeId}`)! }));
  const { rows: entered } = await tx.execute<{ id: string; created_at: Date | string }>(sql`
    INSERT INTO inspections (id, obligation_id, performed_on, result, certificate_number, notes, recorded_by_id)
    SELECT id, obligation_id, performed_on, 'pass', certificate_number, notes, ${writer.actorId}
    FROM unnest(${sql.param(inserted.map((i) => i.id))}::uuid[], ${sql.param(inserted.map((i) => i.obligation.row.id))}::uuid[],
                ${sql.param(inserted.map((i) => i.performedOn))}::date[], ${sql.param(inserted.map((i) => i.certificateNumber))}::text[],
                ${sql.param(inserted.map((i) => i.notes))}::text[])
         AS i(id, obligation_id, performed_on, certificate_number, notes)
    RETURNING id, created_at`);
  const enteredAt = new Map(entered.map((r) => [r.id, new Date(r.created_at)]));

  const patches: { id: string; dates: ReturnType<typeof obligationDates> }[] = [];
  const overdue: Parameters<typeof raiseAllForOverdue>[1] = [];
  for (const item of inserted) {
    const { row, regime } = item.obligation;
    const entry = { id: item.id, performedOn: item.performedOn, result: 'pass' as const, certificateNumber: item.certificateNumber, certificateExpiresOn: null, createdAt: enteredAt.get(item.id)! };
    const facts = factsWithEntry(storedFacts(row, regime), item.obligation.latestEnteredAt, entry);
    const dates = obligationDates(facts ?? (await factsOf(tx, row, regime)), writer.today);
    patches.push({ id: row.id, dates });
    if (dates.status === 'overdue' && dates.nextDueOn) {
      overdue.push({ on: { obligationId: row.id, assetId: row.assetId, regimeName: regime.name }, dueOn: dates.nextDueOn, createdBy: writer.actorId });
    }
  }
  const column = (pick: (d: ReturnType<typeof obligationDates>) => unknown) => sql.param(patches.map((p) => pick(p.dates)));
  await tx.execute(sql`
    UPDATE obligations AS o SET
      last_completed_on = p.last_completed_on, last_result = p.last_result::inspection_result, last_inspection_id = p.last_inspection_id,
      last_certificate_number = p.last_certificate_number, certificate_expires_on = p.certificate_expires_on, next_due_on = p.next_due_on,
      status = p.status::obligation_status, status_changes_on = p.status_changes_on, remedial_action_open = p.remedial_action_open
    FROM unnest(${sql.param(patches.map((p) => p.id))}::uuid[], ${column((d) => d.lastCompletedOn)}::date[], ${column((d) => d.lastResult)}::text[],
                ${column((d) => d.lastInspectionId)}::uuid[], ${column((d) => d.lastCertificateNumber)}::text[], ${column((d) => d.certificateExpiresOn)}::date[],
                ${column((d) => d.nextDueOn)}::date[], ${column((d) => d.status)}::text[], ${column((d) => d.statusChangesOn)}::date[],
                ${column((d) => d.remedialActionOpen)}::boolean[])
         AS p(id, last_completed_on, last_result, last_inspection_id, last_certificate_number, certificate_expires_on, next_due_on, status, status_changes_on, remedial_action_open)
    WHERE o.id = p.id`);
  await raiseAllForOverdue(tx, overdue);
}
