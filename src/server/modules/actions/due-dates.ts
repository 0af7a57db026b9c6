import { and, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { actionIsOpen, actions } from '../../db/schema';
import { isUuid } from '../../db/keyset';
import { isCalendarDate } from '../../../shared/domain/compliance/calendar-date';
import { badRequest } from '../../http-errors';
import type { ListOrder } from '../../policy/area-sizes';

/**
 * Action due dates in SQL (ADR 025, step 7). The rule is isActionOverdue() in
 * shared/domain/actions.ts; this is its one statement in SQL, for the lists' filter, their JSON and
 * the dashboard's count. `today` is the organisation's calendar date, a value or a placeholder.
 */

/** Not done and past its target date. In this form the partial indexes on open actions serve it. */
export const overdueCondition = (today: unknown): SQL => sql`(${actionIsOpen(actions.status)} AND ${actions.targetDate} < ${today})`;

/** The same as an API field: false, never null, for an action with no target date. */
export const overdueField = (today: unknown): SQL<boolean> => sql<boolean>`(${overdueCondition(today)} IS TRUE)`;

/**
 * The actions list by target date: (target_date, id) ascending, undated actions last (an ascending
 * btree keeps NULLs at its end, so actions_target_date_id_idx serves the whole order).
 */
export const TARGET_ORDER_COLUMNS: ListOrder = [
  [actions.targetDate, 'ASC'],
  [actions.id, 'ASC'],
];
export const TARGET_ORDER = [sql`${actions.targetDate} ASC`, sql`${actions.id} ASC`];

/** Where a page in target-date order continues from: the last row's target date (or null) and id. */
export interface TargetPosition {
  targetDate: string | null;
  id: string;
}

/** Marks a cursor as one of this order, so a newest-first cursor is refused here and vice versa. */
const TARGET_CURSOR_PREFIX = 'target';

export function encodeTargetCursor(row: TargetPosition): string {
  return Buffer.from(`${TARGET_CURSOR_PREFIX}|${row.targetDate ?? ''}|${row.id}`).toString('base64url');
}

export function decodeTargetCursor(cursor: string): TargetPosition {
  const [prefix, date, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const valid = prefix === TARGET_CURSOR_PREFIX && rest.length === 0 && id !== undefined && isUuid(id) && (date === '' || isCalendarDate(date));
  if (!valid) throw badRequest('cursor is not valid for this order: start again from the first page');
  return { targetDate: date || null, id };
}

/**
 * The two runs of the target-date order: the dated actions, then the undated ones. Each is one
 * range of actions_target_date_id_idx (a row comparison for the dated run), so a page deep in the
 * list costs what the first one does; a single condition "after the cursor or undated" would be an
 * OR no index range serves. A page reads the dated run first and, when that runs out before the page
 * is full, the undated run after it (targetOrderPage()).
 */
export type TargetRun = 'dated' | 'undated';

/** The condition of one run, after `after` (values or placeholders) when the cursor lies in that run. */
export function targetRunCondition(run: TargetRun, after: { targetDate: unknown; id: unknown } | null): SQL {
  if (run === 'dated') return after ? sql`(${actions.targetDate}, ${actions.id}) > (${after.targetDate}, ${after.id})` : isNotNull(actions.targetDate);
  return after ? and(isNull(actions.targetDate), sql`${actions.id} > ${after.id}`)! : isNull(actions.targetDate);
}

/** The cursor when it lies in `run`; null when the run is read from its start. */
export function cursorIn(run: TargetRun, cursor: TargetPosition | undefined): TargetPosition | null {
  if (!cursor) return null;
  return (cursor.targetDate === null) === (run === 'undated') ? cursor : null;
}

/**
 * One page of `rows` in target-date order after `cursor`: the dated run, then (when it ran out and
 * undated actions can be in the list) the undated run. `read(run, rows)` reads the first `rows` of
 * one run in the order.
 */
export async function targetOrderPage<Row>(
  cursor: TargetPosition | undefined,
  rows: number,
  { undatedListed }: { undatedListed: boolean },
  read: (run: TargetRun, rows: number) => Promise<Row[]>,
): Promise<Row[]> {
  const inUndatedRun = cursor !== undefined && cursor.targetDate === null;
  const dated = inUndatedRun ? [] : await read('dated', rows);
  if (dated.length >= rows || !undatedListed) return dated;
  return [...dated, ...(await read('undated', rows - dated.length))];
}

/**
 * "After the cursor" in target-date order as one condition, for the search (modules/search), which
 * reads its matches by its own plan and orders them itself.
 */
export function afterTargetCursor(cursor: TargetPosition | undefined): SQL | undefined {
  if (!cursor) return undefined;
  if (cursor.targetDate === null) return targetRunCondition('undated', cursor);
  return sql`(${targetRunCondition('dated', cursor)} OR ${isNull(actions.targetDate)})`;
}
