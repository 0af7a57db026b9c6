import { and, asc, desc, eq, gt, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transactionAs, type InTransaction, type Tx } from '../../db/actor';
import { assessments, assets, defects, users } from '../../db/schema';
import type { Assessment, Defect } from '../../../shared/contract/assessments';
import type { Condition } from '../../../shared/domain/assets';
import type { DefectSeverity } from '../../../shared/domain/assessments';

export interface NewDefect {
  code: string | null;
  description: string;
  severity: DefectSeverity;
}

export interface NewAssessment {
  assetId: string;
  condition: Condition;
  conditionNotes: string | null;
  assessedBy: string;
  assessedAt: Date;
  /** The client's idempotency key; null lets the column default generate ASM-000001. */
  assessmentId: string | null;
  defects: NewDefect[];
}

export type RecordOutcome =
  | { outcome: 'created'; id: string }
  /** The same assessmentId was already recorded for this asset: a retry, nothing written. */
  | { outcome: 'existing'; id: string }
  | { outcome: 'asset_not_found' }
  /** The assessmentId is already used by an assessment of a different asset. */
  | { outcome: 'id_used_by_other_asset' };

/** A generated code can only collide with a code a client chose by hand; a few fresh tries suffice. */
const GENERATED_CODE_ATTEMPTS = 5;

export function assessmentsRepo(db: Db) {
  /** Assessments matching `where`, newest first, with assessor names and defects: two queries in all. */
  async function loadWhere(where: SQL, executor: Db | Tx = db): Promise<Assessment[]> {
    const rows = await executor
      .select({
        id: assessments.id,
        assessmentId: assessments.assessmentId,
        assetId: assessments.assetId,
        condition: assessments.condition,
        conditionNotes: assessments.conditionNotes,
        assessedBy: assessments.assessedBy,
        assessedByName: users.fullName,
        assessedAt: assessments.assessedAt,
        createdAt: assessments.createdAt,
      })
      .from(assessments)
      .leftJoin(users, eq(users.id, assessments.assessedBy))
      .where(where)
      .orderBy(desc(assessments.assessedAt), desc(assessments.createdAt), desc(assessments.id));
    if (rows.length === 0) return [];

    const defectRows = await executor
      .select()
      .from(defects)
      .where(
        inArray(
          defects.assessmentId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(defects.createdAt), asc(defects.id));
    const byAssessment = new Map<string, Defect[]>();
    for (const d of defectRows) {
      const list = byAssessment.get(d.assessmentId) ?? [];
      list.push({ id: d.id, code: d.code, description: d.description, severity: d.severity, createdAt: d.createdAt.toISOString() });
      byAssessment.set(d.assessmentId, list);
    }
    return rows.map((r) => ({
      ...r,
      assessedAt: r.assessedAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      defects: byAssessment.get(r.id) ?? [],
    }));
  }

  async function findOwnerOfCode(tx: Tx, assessmentId: string) {
    const [row] = await tx
      .select({ id: assessments.id, assetId: assessments.assetId })
      .from(assessments)
      .where(eq(assessments.assessmentId, assessmentId))
      .limit(1);
    return row;
  }

  /** The stored assessment with this code, judged against the asset the request names. */
  function judgeExisting(found: { id: string; assetId: string }, assetId: string): RecordOutcome {
    return found.assetId === assetId ? { outcome: 'existing', id: found.id } : { outcome: 'id_used_by_other_asset' };
  }

  return {
    /** One asset's history, newest first (assessed_at DESC, created_at DESC). */
    listForAsset(assetId: string): Promise<Assessment[]> {
      return loadWhere(eq(assessments.assetId, assetId));
    },

    /** On the pool, or in a transaction that has just recorded it (`executor`). */
    async findById(id: string, executor: Db | Tx = db): Promise<Assessment | undefined> {
      const [found] = await loadWhere(eq(assessments.id, id), executor);
      return found;
    },

    /**
     * Records an assessment and its defects in one transaction and, when it is the asset's newest,
     * copies its condition and notes onto the asset. The asset row is locked first, so assessments of
     * one asset (including retries of the same assessmentId) run one at a time and see each other.
     * The assessor is the author of every change in the audit trail, the asset's new condition included.
     * `inTransaction` runs before the commit (an idempotent request's answer, db/actor.ts).
     */
    record(input: NewAssessment, now: Date, inTransaction?: InTransaction<RecordOutcome>): Promise<RecordOutcome> {
      return transactionAs(db, input.assessedBy, async (tx): Promise<RecordOutcome> => {
        const [asset] = await tx.select({ id: assets.id }).from(assets).where(eq(assets.id, input.assetId)).for('update');
        if (!asset) return { outcome: 'asset_not_found' };

        if (input.assessmentId !== null) {
          const existing = await findOwnerOfCode(tx, input.assessmentId);
          if (existing) return judgeExisting(existing, input.assetId);
        }

        let id: string | undefined;
        for (let attempt = 0; id === undefined && attempt < GENERATED_CODE_ATTEMPTS; attempt++) {
          // DO NOTHING rather than an error: a unique violation would abort the whole transaction.
          const [inserted] = await tx
            .insert(assessments)
            .values({
              assetId: input.assetId,
              condition: input.condition,
              conditionNotes: input.conditionNotes,
              assessedBy: input.assessedBy,
              assessedAt: input.assessedAt,
              ...(input.assessmentId !== null && { assessmentId: input.assessmentId }),
            })
            .onConflictDoNothing({ target: assessments.assessmentId })
            .returning({ id: assessments.id });
          id = inserted?.id;
          if (id === undefined && input.assessmentId !== null) {
            // Another request (for another asset, since this asset is locked) took the code meanwhile.
            const existing = await findOwnerOfCode(tx, input.assessmentId);
            if (existing) return judgeExisting(existing, input.assetId);
          }
        }
        if (id === undefined) throw new Error('Could not generate a free assessment code');

        if (input.defects.length > 0) {
          await tx.insert(defects).values(
            input.defects.map((d, index) => ({
              assessmentId: id,
              code: d.code,
              description: d.description,
              severity: d.severity,
              // One millisecond apart, so reading them back by created_at keeps the order they were entered in.
              createdAt: sql`date_trunc('milliseconds', now()) + ${index}::int * interval '1 millisecond'`,
            })),
          );
        }

        // A late-synced older assessment joins the history but must not overwrite a newer state.
        const newer = tx
          .select({ one: sql`1` })
          .from(assessments)
          .where(and(eq(assessments.assetId, input.assetId), gt(assessments.assessedAt, input.assessedAt), ne(assessments.id, id)));
        await tx
          .update(assets)
          .set({ condition: input.condition, conditionNotes: input.conditionNotes, updatedAt: now })
          .where(and(eq(assets.id, input.assetId), notExists(newer)));

        return { outcome: 'created', id };
      }, inTransaction);
    },
  };
}
