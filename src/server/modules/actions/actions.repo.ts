import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { actions, assessments, assets } from '../../db/schema';
import { afterCursor, afterCursorPlaceholders, cursorValues } from '../../db/keyset';
import { preparedByShape } from '../../db/prepared';
import { jsonObject } from '../../db/json-rows';
import { columnsOf } from '../../db/api-columns';
import { findMatches } from '../search/matches';
import { matchOf } from '../search/query';
import type { SearchSource } from '../search/matches';
import { inAreas } from '../../policy/areas';
import { areaSearchPlan } from '../search/area-plan';
import { inNewestByLocation, placeSize, readByLocation } from '../../policy/area-sizes';
import { actionSchema, type Action } from '../../../shared/contract/actions';
import type { ActionPriority, ActionStatus } from '../../../shared/domain/actions';

/** The pool or an open transaction: the PATCH reads, checks and writes inside one. */
export type Executor = Db | Tx;

export type ActionRow = typeof actions.$inferSelect;
export type NewAction = Omit<typeof actions.$inferInsert, 'id' | 'actionId' | 'assetCode' | 'createdAt' | 'updatedAt'>;
export type ActionChanges = Partial<Omit<typeof actions.$inferInsert, 'id' | 'actionId' | 'assetCode' | 'createdBy' | 'createdAt'>>;

export interface ActionFilters {
  status?: ActionStatus;
  priority?: ActionPriority;
  assetId?: string;
  search?: string;
  cursor?: string;
  /**
   * The roots of the areas the user is limited to (policy/areas.ts): only actions on assets in
   * them. An action on no asset belongs to the whole estate, outside every area.
   */
  areaRoots?: string[] | null;
}

/** The columns of an action as the API shows it (actionSchema); the linked asset's code is kept on the action (db/sql/action-asset-code.sql). */
const listColumns = columnsOf(actionSchema, actions);

export type ActionWithCode = Omit<Action, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

export function toAction(row: ActionWithCode): Action {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** An action as the API's JSON object (actionSchema), built by PostgreSQL (db/json-rows.ts). */
export const actionJson = () => ({ json: jsonObject(listColumns) });

/** The actions list as the search box searches it (modules/search), newest first. */
export const actionSource: SearchSource = {
  table: actions,
  searchText: actions.searchText,
  order: sql`${actions.createdAt} DESC, ${actions.id} DESC`,
  fields: listColumns,
  bigrams: sql`search_bigrams(${actions.searchText})`,
};

export function actionsRepo(db: Executor) {
  const selectWithCode = () => db.select(listColumns).from(actions);
  const selectJsonWithCode = () => db.select(actionJson()).from(actions);

  /**
   * The list without a search word, prepared per combination of filters: each is served by an index
   * whatever the values (status, priority → actions_status_priority_created_at_idx; priority alone →
   * actions_priority_created_at_idx; an asset → actions_asset_id_idx; none → the newest-first index).
   */
  const browseStatement = preparedByShape(
    'action_browse',
    (shape: Record<'cursor' | 'status' | 'priority' | 'assetId', boolean>, name) => {
      const conditions: SQL[] = [];
      if (shape.cursor) conditions.push(afterCursorPlaceholders(actions.createdAt, actions.id));
      if (shape.status) conditions.push(sql`${actions.status} = ${sql.placeholder('status')}`);
      if (shape.priority) conditions.push(sql`${actions.priority} = ${sql.placeholder('priority')}`);
      if (shape.assetId) conditions.push(sql`${actions.assetId} = ${sql.placeholder('assetId')}`);
      return selectJsonWithCode()
        .where(and(...conditions))
        .orderBy(desc(actions.createdAt), desc(actions.id))
        .limit(sql.placeholder('limit'))
        .prepare(name);
    },
  );

  return {
    /** The asset's display code (AST-…), or undefined when there is no such asset. */
    async assetCodeOf(assetId: string): Promise<string | undefined> {
      const [row] = await db.select({ code: assets.assetId }).from(assets).where(eq(assets.id, assetId)).limit(1);
      return row?.code;
    },

    /** The id of the asset an assessment belongs to, or undefined when there is no such assessment. */
    async assetOfAssessment(assessmentId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ assetId: assessments.assetId })
        .from(assessments)
        .where(eq(assessments.id, assessmentId))
        .limit(1);
      return row?.assetId;
    },

    /** The new action as the API shows it (its asset's code filled in by the database). */
    async create(values: NewAction): Promise<Action> {
      const [row] = await db.insert(actions).values(values).returning(listColumns);
      return toAction(row!);
    },

    async findById(id: string): Promise<Action | undefined> {
      const [row] = await selectWithCode().where(eq(actions.id, id)).limit(1);
      return row && toAction(row);
    },

    /** The action row, locked until the surrounding transaction ends (call inside one). */
    async lockById(id: string): Promise<ActionRow | undefined> {
      const [row] = await db.select().from(actions).where(eq(actions.id, id)).for('update');
      return row;
    },

    /** The action as the API shows it after the change. */
    async update(id: string, changes: ActionChanges): Promise<Action | undefined> {
      const [row] = await db.update(actions).set(changes).where(eq(actions.id, id)).returning(listColumns);
      return row && toAction(row);
    },

    /**
     * Newest first (created_at DESC, id DESC), `limit + 1` rows so the caller can tell a next page
     * exists; each row is the action's JSON text (jsonPageOf() makes the page).
     */
    async list(filters: ActionFilters, limit: number): Promise<{ json: string }[]> {
      if (filters.areaRoots) return listInAreas(filters, filters.areaRoots, limit);
      if (!filters.search) {
        const { cursor, status, priority, assetId } = filters;
        return browseStatement({ cursor, status, priority, assetId }).execute({ ...cursorValues(cursor), status, priority, assetId, limit: limit + 1 });
      }
      // Every filter's column leads an index of `actions`, so each has an index of its own.
      const indexedFilters: SQL[] = [];
      if (filters.status) indexedFilters.push(eq(actions.status, filters.status));
      if (filters.priority) indexedFilters.push(eq(actions.priority, filters.priority));
      if (filters.assetId) indexedFilters.push(eq(actions.assetId, filters.assetId));
      const where = and(...indexedFilters, afterCursor(actions.createdAt, actions.id, filters.cursor));
      // A priority alone is read in the list's order through its index; one asset's actions are few
      // to sort. A status's index orders by priority first.
      const ordered = indexedFilters.length === 1 && !filters.status;
      // Lists are read on the pool, never inside a transaction.
      const [found] = await findMatches(db as Db, [
        { source: actionSource, match: matchOf(filters.search), where, filtered: indexedFilters.length > 0, indexedFilters, ordered, rows: limit + 1 },
      ]);
      return found!.rows;
    },
  };

  /** The list for a user limited to areas: their assets' actions, searched or not. */
  async function listInAreas(filters: ActionFilters, roots: string[], limit: number): Promise<{ json: string }[]> {
    const others = and(
      filters.status ? eq(actions.status, filters.status) : undefined,
      filters.priority ? eq(actions.priority, filters.priority) : undefined,
      filters.assetId ? eq(actions.assetId, filters.assetId) : undefined,
      afterCursor(actions.createdAt, actions.id, filters.cursor),
    );
    const where = and(inAreas(actions.locationId, roots), others);
    if (!filters.search) {
      // One asset's actions are few: its own index finds them.
      const size = filters.assetId ? undefined : await placeSize(db as Db, roots);
      if (size && readByLocation(size, size.actions, size.allActions, limit + 1)) {
        const page = inNewestByLocation(actions, actions.locationId, roots, others, limit + 1);
        return selectJsonWithCode().where(page).orderBy(desc(actions.createdAt), desc(actions.id)).limit(limit + 1);
      }
      return selectJsonWithCode().where(where).orderBy(desc(actions.createdAt), desc(actions.id)).limit(limit + 1);
    }
    const planned = await areaSearchPlan(db as Db, roots);
    const [found] = await findMatches(db as Db, [{ source: actionSource, match: matchOf(filters.search), where, filtered: true, ...planned, rows: limit + 1 }]);
    return found!.rows;
  }
}
