import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/actor';
import type { Db } from '../../db/client';
import { actions, complianceRegimes, media, obligations } from '../../db/schema';
import { DONE_ACTION_STATUSES } from '../../../shared/domain/actions';
import type { CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import type { InspectionResult } from '../../../shared/domain/compliance/regimes';

/**
 * Remedial actions (ADR 025): a failed inspection raises a high-priority action, one passed with
 * observations a low-priority one, and an obligation falling overdue raises one for that due date.
 * Each is an ordinary action (category compliance) on the obligation's asset, or in its location
 * when the obligation is a location's, linked to the obligation; the unique indexes on the
 * inspection and on (obligation, due date) make raising one twice a no-op, so a retried request,
 * the calendar job on several processes and a restart never double them. A failed obligation stays
 * failed until its action is done (completed, verified or closed).
 */

const RAISED_BY_RESULT: Partial<Record<InspectionResult, { priority: 'high' | 'low'; title: (regime: string) => string }>> = {
  fail: { priority: 'high', title: (regime) => `${regime} failed` },
  pass_with_observations: { priority: 'low', title: (regime) => `${regime}: observations to address` },
};

interface RaisedFor {
  obligationId: string;
  assetId: string | null;
  regimeName: string;
}

/** The action an inspection's result raises, if any; `createdBy` is who recorded the inspection. */
export async function raiseForInspection(
  tx: Tx,
  on: RaisedFor,
  inspection: { id: string; result: InspectionResult; performedOn: CalendarDate; certificateNumber: string | null; notes: string | null },
  createdBy: string,
): Promise<void> {
  const raised = RAISED_BY_RESULT[inspection.result];
  if (!raised) return;
  const details = [
    `Inspection on ${inspection.performedOn}${inspection.certificateNumber ? `, certificate ${inspection.certificateNumber}` : ''}.`,
    inspection.notes,
  ].filter(Boolean);
  await tx
    .insert(actions)
    .values({
      title: raised.title(on.regimeName),
      description: details.join('\n'),
      category: 'compliance',
      priority: raised.priority,
      assetId: on.assetId,
      obligationId: on.obligationId,
      inspectionId: inspection.id,
      createdBy,
    })
    .onConflictDoNothing();
}

/**
 * The action an obligation falling overdue for `dueOn` raises, once. `createdBy` is the user whose
 * write found it overdue, or, for the calendar job, whoever set the obligation up.
 */
export async function raiseForOverdue(tx: Pick<Tx, 'insert'>, on: RaisedFor, dueOn: CalendarDate, createdBy: string): Promise<void> {
  await raiseAllForOverdue(tx, [{ on, dueOn, createdBy }]);
}

/** raiseForOverdue for many obligations in one statement (an import's chunk). */
export async function raiseAllForOverdue(tx: Pick<Tx, 'insert'>, overdue: { on: RaisedFor; dueOn: CalendarDate; createdBy: string }[]): Promise<void> {
  if (overdue.length === 0) return;
  await tx
    .insert(actions)
    .values(
      overdue.map(({ on, dueOn, createdBy }) => ({
        title: `${on.regimeName} overdue`,
        description: `Raised automatically: it was due on ${dueOn} and no inspection has been recorded for it.`,
        category: 'compliance' as const,
        priority: 'high' as const,
        assetId: on.assetId,
        obligationId: on.obligationId,
        overdueFor: dueOn,
        createdBy,
      })),
    )
    .onConflictDoNothing();
}

/** Whether the inspection's remedial action is still to be done: not done, or gone. */
export async function remedialActionOpen(tx: Tx | Db, inspectionId: string): Promise<boolean> {
  const [done] = await tx
    .select({ id: actions.id })
    .from(actions)
    .where(and(eq(actions.inspectionId, inspectionId), inArray(actions.status, [...DONE_ACTION_STATUSES])))
    .limit(1);
  return done === undefined;
}

export const EVIDENCE_NEEDED_MESSAGE = 'Attach evidence (a photo or the certificate) before completing this remedial action';

/**
 * Whether completing this action needs evidence it lacks: a failed inspection's remedial action,
 * where the regime requires a certificate, is done only with a photo or document attached to it.
 */
export async function lacksEvidence(tx: Tx | Db, action: { id: string; obligationId: string | null; inspectionId: string | null }): Promise<boolean> {
  if (!action.obligationId || !action.inspectionId) return false;
  const [regime] = await tx
    .select({ certificateRequired: complianceRegimes.certificateRequired })
    .from(obligations)
    .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
    .where(eq(obligations.id, action.obligationId));
  if (!regime?.certificateRequired) return false;
  const [evidence] = await tx.select({ id: media.id }).from(media).where(eq(media.actionId, action.id)).limit(1);
  return evidence === undefined;
}
