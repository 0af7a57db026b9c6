import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/actor';
import { actions, assessments, assets } from '../../db/schema';
import { afterCursor, afterCursorPlaceholders, cursorValues } from '../../db/keyset';
import { preparedByPlacesShape, preparedByShape, rowLimit, USUAL_PAGE_ROWS } from '../../db/prepared';
import { jsonObject } from '../../db/json-rows';
import { columnsOf } from '../../db/api-columns';
import { findMatches } from '../search/matches';
import { matchOf } from '../search/query';
import type { SearchSource } from '../search/matches';
import { inAreas, placedInAreas } from '../../policy/areas';
import { areaSearch } from '../search/area-plan';
import { inFirstInPlaces, inNewestInPlaces, placeSize, placesRead, readInPlaces, type PlacesRead } from '../../policy/area-sizes';
import { actionSchema, type Action } from '../../../shared/contract/actions';
import { isActionOverdue, OPEN_ACTION_STATUSES, type ActionPriority, type ActionSort, type ActionStatus } from '../../../shared/domain/actions';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn, type CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import {
  afterTargetCursor,
  cursorIn,
  decodeTargetCursor,
  encodeTargetCursor,
  overdueCondition,
  overdueField,
  TARGET_ORDER,
  TARGET_ORDER_COLUMNS,
  targetOrderPage,
  targetRunCondition,
  type TargetRun,
} from './due-dates';

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
  /** Only actions not done and past their target date. */
  overdue?: boolean;
  /** Newest first (the default) or by target date, undated last. */
  sort?: ActionSort;
  /** From the previous page of the same order. */
  cursor?: string;
  /**
   * The roots of the areas the user is limited to (policy/areas.ts): only actions on assets in
   * them. An action on no asset belongs to the whole estate, outside every area.
   */
  areaRoots?: string[] | null;
}

/**
 * The stored columns of an action as the API shows it (actionSchema less `overdue`, which depends on
 * the day it is read); the linked asset's code is kept on the action (db/sql/action-asset-code.sql).
 */
const listColumns = columnsOf(actionSchema.omit({ overdue: true }), actions);

export type ActionWithCode = Omit<Action, 'createdAt' | 'updatedAt' | 'overdue'> & { createdAt: Date; updatedAt: Date };

/** An action row as the API shows it on `today` (the organisation's date). */
export function toAction(row: ActionWithCode, today: CalendarDate): Action {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), overdue: isActionOverdue(row, today) };
}

/** What an action's JSON adds to its columns: whether it is overdue on `today` (a value or a placeholder). */
export const actionComputedFields = (today: unknown) => ({ overdue: overdueField(today) });

/** An action as the API's JSON object (actionSchema) on `today`, built by PostgreSQL (db/json-rows.ts). */
export const actionJson = (today: unknown) => ({ json: jsonObject({ ...listColumns, ...actionComputedFields(today) }) });

const searchSource = (order: SQL): SearchSource => ({
  table: actions,
  searchText: actions.searchText,
  order,
  fields: listColumns,
  bigrams: sql`search_bigrams(${actions.searchText})`,
});

/** The actions list as the search box searches it (modules/search), newest first. */
export const actionSource: SearchSource = searchSource(sql`${actions.createdAt} DESC, ${actions.id} DESC`);
/** The same by target date, undated last (`sort=target`). */
const actionByTargetSource: SearchSource = searchSource(sql.join(TARGET_ORDER, sql`, `));

/** The next page's cursor after the last action of a page in `sort`'s order (jsonPageOf()). */
export function nextCursorAfter(sort: ActionSort | undefined): ((last: Record<string, unknown>) => string) | undefined {
  if (sort !== 'target') return undefined;
  return (last) => encodeTargetCursor({ targetDate: last.targetDate as string | null, id: last.id as string });
}

/** The organisation's calendar date at `now`: what "overdue" is judged against. */
const organisationToday = (now: Date) => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, now);

/** `now` is the app's clock (AppContext.now), so tests can move the day an action falls overdue. */
export function actionsRepo(db: Executor, now: () => Date) {
  const selectWithCode = () => db.select(listColumns).from(actions);
  const selectJsonWithCode = (today: unknown) => db.select(actionJson(today)).from(actions);

  /**
   * The list without a search word, prepared per combination of filters: each is served by an index
   * whatever the values (status, priority → actions_status_priority_created_at_idx; priority alone →
   * actions_priority_created_at_idx; an asset → actions_asset_id_idx; none → the newest-first index).
   */
  type BrowseShape = Record<'cursor' | 'status' | 'priority' | 'assetId' | 'overdue', boolean>;
  const browseFilters = (shape: BrowseShape): SQL[] => {
    const conditions: SQL[] = [];
    if (shape.status) conditions.push(sql`${actions.status} = ${sql.placeholder('status')}`);
    if (shape.priority) conditions.push(sql`${actions.priority} = ${sql.placeholder('priority')}`);
    if (shape.assetId) conditions.push(sql`${actions.assetId} = ${sql.placeholder('assetId')}`);
    // Served by the open actions' partial indexes by target date; newest first, PostgreSQL may
    // walk the newest-first index instead when the overdue are a large share.
    if (shape.overdue) conditions.push(overdueCondition(sql.placeholder('today')));
    return conditions;
  };
  const browseStatement = preparedByShape('action_browse', (shape: BrowseShape & { usualPage: boolean }, name) =>
    selectJsonWithCode(sql.placeholder('today'))
      .where(and(...browseFilters(shape), shape.cursor ? afterCursorPlaceholders(actions.createdAt, actions.id) : undefined))
      .orderBy(desc(actions.createdAt), desc(actions.id))
      .limit(rowLimit(shape.usualPage))
      .prepare(name),
  );
  /**
   * One run of the list by target date (due-dates.ts), with the same filters: actions_target_date_id_idx
   * serves the order, actions_open_target_date_id_idx the order of the overdue.
   */
  const byTargetStatement = preparedByShape('action_by_target', (shape: BrowseShape & { undated: boolean; usualPage: boolean }, name) => {
    const after = shape.cursor ? { targetDate: sql.placeholder('cursorDate'), id: sql.placeholder('cursorId') } : null;
    return selectJsonWithCode(sql.placeholder('today'))
      .where(and(...browseFilters(shape), targetRunCondition(shape.undated ? 'undated' : 'dated', after)))
      .orderBy(...TARGET_ORDER)
      .limit(rowLimit(shape.usualPage))
      .prepare(name);
  });

  /**
   * The same lists of an area read in its places (policy/area-sizes.ts, firstInPlaces()), newest
   * first and by target date: prepared per shape of the places and of the filters.
   */
  const placesBrowseStatement = preparedByPlacesShape('action_places', (shape: BrowseShape & { usualPage: boolean }, places: PlacesRead, name) => {
    const where = and(...browseFilters(shape), shape.cursor ? afterCursorPlaceholders(actions.createdAt, actions.id) : undefined);
    return selectJsonWithCode(sql.placeholder('today'))
      .where(inNewestInPlaces(actions, places, where, rowLimit(shape.usualPage)))
      .orderBy(desc(actions.createdAt), desc(actions.id))
      .limit(rowLimit(shape.usualPage))
      .prepare(name);
  });
  const placesByTargetStatement = preparedByPlacesShape('action_places_by_target', (shape: BrowseShape & { undated: boolean; usualPage: boolean }, places: PlacesRead, name) => {
    const after = shape.cursor ? { targetDate: sql.placeholder('cursorDate'), id: sql.placeholder('cursorId') } : null;
    const where = and(...browseFilters(shape), targetRunCondition(shape.undated ? 'undated' : 'dated', after));
    return selectJsonWithCode(sql.placeholder('today'))
      .where(inFirstInPlaces(actions, places, where, rowLimit(shape.usualPage), TARGET_ORDER_COLUMNS))
      .orderBy(...TARGET_ORDER)
      .limit(rowLimit(shape.usualPage))
      .prepare(name);
  });

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
      return toAction(row!, organisationToday(now()));
    },

    async findById(id: string): Promise<Action | undefined> {
      const [row] = await selectWithCode().where(eq(actions.id, id)).limit(1);
      return row && toAction(row, organisationToday(now()));
    },

    /**
     * The actions not done (OPEN_ACTION_STATUSES) on the assets in a location and inside it, newest
     * first, at most `limit` (a site kept offline, ADR 028). An action on no asset is in no location.
     */
    async openInLocation(locationId: string, limit: number): Promise<Action[]> {
      const rows = await selectWithCode()
        .where(and(inAreas(actions.locationId, [locationId]), inArray(actions.status, [...OPEN_ACTION_STATUSES])))
        .orderBy(desc(actions.createdAt), desc(actions.id))
        .limit(limit);
      const today = organisationToday(now());
      return rows.map((row) => toAction(row, today));
    },

    /** The action row, locked until the surrounding transaction ends (call inside one). */
    async lockById(id: string): Promise<ActionRow | undefined> {
      const [row] = await db.select().from(actions).where(eq(actions.id, id)).for('update');
      return row;
    },

    /** The action as the API shows it after the change. */
    async update(id: string, changes: ActionChanges): Promise<Action | undefined> {
      const [row] = await db.update(actions).set(changes).where(eq(actions.id, id)).returning(listColumns);
      return row && toAction(row, organisationToday(now()));
    },

    /**
     * Newest first (created_at DESC, id DESC) or by target date ((target_date, id), undated last),
     * `limit + 1` rows so the caller can tell a next page exists; each row is the action's JSON text
     * (jsonPageOf() makes the page, with nextCursorAfter() for its order).
     */
    async list(filters: ActionFilters, limit: number): Promise<{ json: string }[]> {
      const today = organisationToday(now());
      if (filters.areaRoots) return listInAreas(filters, filters.areaRoots, limit, today);
      const byTarget = filters.sort === 'target';
      if (!filters.search) {
        const { status, priority, assetId } = filters;
        const overdue = filters.overdue || undefined;
        if (!byTarget) {
          const { cursor } = filters;
          const usualPage = limit + 1 === USUAL_PAGE_ROWS;
          return browseStatement({ cursor, status, priority, assetId, overdue, usualPage }).execute({ ...cursorValues(cursor), status, priority, assetId, today, limit: limit + 1 });
        }
        const cursor = filters.cursor ? decodeTargetCursor(filters.cursor) : undefined;
        return targetOrderPage(cursor, limit + 1, { undatedListed: !overdue }, (run, rows) => {
          const after = cursorIn(run, cursor);
          const shape = { cursor: after, status, priority, assetId, overdue, undated: run === 'undated' || undefined, usualPage: rows === USUAL_PAGE_ROWS };
          return byTargetStatement(shape).execute({ cursorDate: after?.targetDate, cursorId: after?.id, status, priority, assetId, today, limit: rows });
        });
      }
      // Every filter's column leads an index of `actions`, so each has an index of its own.
      const indexedFilters: SQL[] = [];
      if (filters.status) indexedFilters.push(eq(actions.status, filters.status));
      if (filters.priority) indexedFilters.push(eq(actions.priority, filters.priority));
      if (filters.assetId) indexedFilters.push(eq(actions.assetId, filters.assetId));
      if (filters.overdue) indexedFilters.push(overdueCondition(today));
      const where = and(...indexedFilters, afterCursorOf(filters));
      // A filter alone whose index keeps the list's order: newest first a priority's, by target
      // date the overdue's; one asset's actions are few to sort. A status's index orders by
      // priority first.
      const ordered = indexedFilters.length === 1 && (!!filters.assetId || (byTarget ? !!filters.overdue : !!filters.priority));
      // Lists are read on the pool, never inside a transaction.
      const [found] = await findMatches(db as Db, [
        {
          source: byTarget ? actionByTargetSource : actionSource,
          match: matchOf(filters.search),
          where,
          filtered: indexedFilters.length > 0,
          indexedFilters,
          ordered,
          computed: actionComputedFields(today),
          rows: limit + 1,
        },
      ]);
      return found!.rows;
    },
  };

  /** The list for a user limited to areas: their assets' actions, searched or not. */
  async function listInAreas(filters: ActionFilters, roots: string[], limit: number, today: CalendarDate): Promise<{ json: string }[]> {
    const others = and(
      filters.status ? eq(actions.status, filters.status) : undefined,
      filters.priority ? eq(actions.priority, filters.priority) : undefined,
      filters.assetId ? eq(actions.assetId, filters.assetId) : undefined,
      filters.overdue ? overdueCondition(today) : undefined,
    );
    // A walk of the estate's actions in the list's order tests each row's place on the row itself.
    const inPlaces = placedInAreas(actions, roots);
    if (filters.search) {
      const area = await areaSearch(db as Db, roots);
      const source = filters.sort === 'target' ? actionByTargetSource : actionSource;
      const where = and(area.inPlaces(actions), others, afterCursorOf(filters));
      const [found] = await findMatches(db as Db, [{ source, match: matchOf(filters.search), where, filtered: true, computed: actionComputedFields(today), ...area.planning('actions'), rows: limit + 1 }]);
      return found!.rows;
    }
    const { status, priority, assetId } = filters;
    const overdue = filters.overdue || undefined;
    if (filters.sort === 'target') {
      const cursor = filters.cursor ? decodeTargetCursor(filters.cursor) : undefined;
      // The overdue of an area are read in its places through the open actions' place indexes
      // (actions_place*_open_target_date_idx) and actions_location_id_open_target_date_idx, which
      // keep them in this order; otherwise the estate's order is walked for the area's (as the
      // newest-first list decides).
      const size = overdue && !assetId ? await placeSize(db as Db, roots) : undefined;
      return targetOrderPage(cursor, limit + 1, { undatedListed: !overdue }, (run: TargetRun, rows) => {
        const after = cursorIn(run, cursor);
        if (size && readInPlaces(size, roots, size.actions, size.allActions, rows)) {
          const read = placesRead(size, roots);
          const shape = { cursor: after, status, priority, assetId, overdue, undated: run === 'undated' || undefined, usualPage: rows === USUAL_PAGE_ROWS };
          return placesByTargetStatement(shape, read).execute({ ...read.values, cursorDate: after?.targetDate, cursorId: after?.id, status, priority, assetId, today, limit: rows });
        }
        return selectJsonWithCode(today)
          .where(and(inPlaces, others, targetRunCondition(run, after)))
          .orderBy(...TARGET_ORDER)
          .limit(rows);
      });
    }
    // One asset's actions are few: its own index finds them.
    const size = assetId ? undefined : await placeSize(db as Db, roots);
    if (size && readInPlaces(size, roots, size.actions, size.allActions, limit + 1)) {
      const read = placesRead(size, roots);
      const { cursor } = filters;
      const shape = { cursor, status, priority, assetId, overdue, usualPage: limit + 1 === USUAL_PAGE_ROWS };
      return placesBrowseStatement(shape, read).execute({ ...read.values, ...cursorValues(cursor), status, priority, assetId, today, limit: limit + 1 });
    }
    const newest = and(others, afterCursor(actions.createdAt, actions.id, filters.cursor));
    return selectJsonWithCode(today).where(and(inPlaces, newest)).orderBy(desc(actions.createdAt), desc(actions.id)).limit(limit + 1);
  }
}

/** "After the cursor" in the list's order, as one condition (the search's and the areas'). */
function afterCursorOf(filters: ActionFilters): SQL | undefined {
  if (filters.sort === 'target') return afterTargetCursor(filters.cursor ? decodeTargetCursor(filters.cursor) : undefined);
  return afterCursor(actions.createdAt, actions.id, filters.cursor);
}
