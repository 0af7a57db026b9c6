import { asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complianceRegimes, obligations } from '../../db/schema';
import type { CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import { obligationDates } from './obligation-dates';
import { storedFacts } from './obligations.repo';
import { raiseForOverdue } from './remedial-actions';

/** How often each app process looks for statuses the calendar has moved on (ADR 025). */
export const COMPLIANCE_CALENDAR_INTERVAL_MS = 5 * 60_000;
/** Obligations recomputed per transaction. */
const BATCH = 500;
// Any constant: the same in every process, so one process works through the day at a time.
const CALENDAR_LOCK = 7_301_025_001;

/**
 * Stores the status of every obligation whose `status_changes_on` has come (a compliant one entering
 * its due-soon window, a due-soon one passing its date, which raises its remedial action), with the
 * shared rules, in batches. Found
 * through a partial index, so a day's work is a few thousand rows however large the register. Not
 * an edit anyone made: the audit trail leaves these derived columns out, and updated_at stays.
 * Returns how many obligations it stored; 0 when another process holds the lock.
 */
export async function advanceComplianceCalendar(db: Db, today: CalendarDate): Promise<number> {
  let stored = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${CALENDAR_LOCK}) AS locked`);
      if (!rows[0]?.locked) return 0;
      const due = await tx
        .select({ row: obligations, regime: complianceRegimes })
        .from(obligations)
        .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
        .where(lte(obligations.statusChangesOn, today))
        .orderBy(asc(obligations.statusChangesOn), asc(obligations.id))
        .limit(BATCH)
        .for('update', { of: obligations });
      for (const { row, regime } of due) {
        const { status, statusChangesOn, nextDueOn } = obligationDates(storedFacts(row, regime), today);
        await tx.update(obligations).set({ status, statusChangesOn, nextDueOn }).where(eq(obligations.id, row.id));
        // No one's write: the action is raised as whoever set the obligation up.
        if (status === 'overdue' && nextDueOn) await raiseForOverdue(tx, { obligationId: row.id, assetId: row.assetId, regimeName: regime.name }, nextDueOn, row.createdBy);
      }
      return due.length;
    });
    stored += batch;
    if (batch < BATCH) return stored;
  }
}
