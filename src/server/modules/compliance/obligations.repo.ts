import { and, asc, desc, eq, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { jsonObject, jsonValue } from '../../db/json-rows';
import { alias } from 'drizzle-orm/pg-core';
import { plannedOnce as plannedOnceOf, type Db } from '../../db/client';
import { rowLimit, statementName, USUAL_PAGE_ROWS } from '../../db/prepared';
import { preparedPerConnection, transactionAs, type InTransaction, type Tx } from '../../db/actor';
import { assets, complianceRegimes, inspections, locations, obligations, users } from '../../db/schema';
import type { Inspection, Obligation, ObligationWorkItem } from '../../../shared/contract/compliance';
import { isCalendarDate, type CalendarDate } from '../../../shared/domain/compliance/calendar-date';
import { daysOverdue, type ObligationStatus } from '../../../shared/domain/compliance/obligation-status';
import { inspectionReadingProblems, type ReadingProblem, type RegimeCategory } from '../../../shared/domain/compliance/regimes';
import { isUuid } from '../../db/keyset';
import { firstByKey, firstByLocation, placeSize, readByLocation, type ListOrder } from '../../policy/area-sizes';
import { badRequest } from '../../http-errors';
import type { z } from 'zod';
import type { bulkObligationsSchema, createInspectionSchema, createObligationSchema, updateObligationSchema } from '../../../shared/contract/compliance';
import { BULK_OBLIGATIONS_MAX } from '../../../shared/contract/compliance';
import { factsWithEntry, obligationDates, type ObligationDates, type ObligationFacts } from './obligation-dates';
import { raiseForInspection, raiseForOverdue, remedialActionOpen } from './remedial-actions';
import { selectInspections, toInspection } from './inspection-reads';

type ObligationRow = typeof obligations.$inferSelect;
/**
 * What an obligation's reads need of its regime: its name and the rules its dates follow. Not the
 * whole row: its reference text, notes and JSON columns, parsed again for every row of a list, were
 * most of what a page of the work list cost to read.
 */
export const regimeFactColumns = {
  id: complianceRegimes.id,
  key: complianceRegimes.key,
  name: complianceRegimes.name,
  category: complianceRegimes.category,
  intervalCount: complianceRegimes.intervalCount,
  intervalUnit: complianceRegimes.intervalUnit,
  anchor: complianceRegimes.anchor,
  dueSoonDays: complianceRegimes.dueSoonDays,
};
type RegimeRow = Pick<typeof complianceRegimes.$inferSelect, keyof typeof regimeFactColumns>;
type NewObligation = z.output<typeof createObligationSchema>;
type ObligationChanges = z.output<typeof updateObligationSchema>;
type NewInspection = z.output<typeof createInspectionSchema>;

export interface WorklistFilter {
  locationId?: string;
  status?: ObligationStatus;
  category?: RegimeCategory;
  regimeId?: string;
  responsibleUserId?: string;
  cursor?: string;
}

/** Which filters a work list request has: each shape is a statement of its own. */
interface WorklistShape {
  /**
   * How the list is limited to places (a location's subtree or the user's areas): a small area read
   * one location at a time, each location's first rows merged ('area', firstByLocation), a large one
   * (a region) by walking the estate's list in due order and testing each row's place ('walk'),
   * whichever reads fewer rows (readByLocation). Each shape's plan then suits every area it is
   * chosen for, so one generic plan serves it: planned afresh for each area, a region's list spent
   * most of its database time planning, and one plan for every size read a region's whole subtree
   * to sort it (0.6 s).
   */
  places: 'none' | 'area' | 'walk';
  status: boolean;
  category: boolean;
  regime: boolean;
  responsible: boolean;
  cursor: 'none' | 'dated' | 'undated';
  /** A page of the usual size, whose LIMIT is written into the statement (rowLimit). */
  usualPage: boolean;
}

/** The work list's order: soonest due first (ascending puts never evidenced, null, last), then by id. */
const WORKLIST_ORDER: ListOrder = [
  [obligations.nextDueOn, 'ASC'],
  [obligations.id, 'ASC'],
];
const WORKLIST_ORDER_BY = WORKLIST_ORDER.map(([column, direction]) => (direction === 'ASC' ? asc(column) : desc(column)));

/** The work list's position: the last row's due date (null for never evidenced) and id. */
function encodeWorklistCursor(item: { nextDueOn: string | null; id: string }): string {
  return Buffer.from(`${item.nextDueOn ?? ''}|${item.id}`).toString('base64url');
}

function decodeWorklistCursor(cursor: string): { dueOn: CalendarDate | null; id: string } {
  const [dueOn, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!id || !isUuid(id) || (dueOn !== '' && !isCalendarDate(dueOn ?? ''))) throw badRequest('cursor is not valid: start again from the first page');
  return { dueOn: dueOn || null, id };
}

type BulkObligations = z.output<typeof bulkObligationsSchema>;
export type BulkObligationsResult =
  | { kind: 'applied'; created: number; existing: number }
  | { kind: 'regime-missing' | 'location-missing' | 'user-missing' }
  | { kind: 'too-many'; found: number };

export type CreateObligationResult =
  | { kind: 'created'; obligation: Obligation }
  | { kind: 'regime-missing' | 'asset-missing' | 'location-missing' | 'user-missing' }
  | { kind: 'duplicate'; regimeName: string };

export type RecordInspectionResult =
  | { kind: 'created' | 'existing'; inspection: Inspection }
  | { kind: 'obligation-missing' | 'user-missing' | 'id-taken' | 'corrected-missing' | 'already-corrected' }
  | { kind: 'readings-refused'; problems: ReadingProblem[] };

const responsible = alias(users, 'responsible');

const obligationColumns = {
  row: obligations,
  regime: regimeFactColumns,
  responsibleName: responsible.fullName,
};

type ObligationRead = { row: ObligationRow; regime: RegimeRow; responsibleName: string | null };

type OwnInterval = Pick<ObligationRow, 'intervalCount' | 'intervalUnit'>;

/** The interval in force: the obligation's own, else its regime's. */
const intervalOf = (own: OwnInterval, regime: RegimeRow) =>
  own.intervalCount !== null && own.intervalUnit !== null
    ? { count: own.intervalCount, unit: own.intervalUnit }
    : { count: regime.intervalCount, unit: regime.intervalUnit };

/** The facts as stored with the obligation: its last inspection's, kept by every write (ADR 025). */
export function storedFacts(row: ObligationRow, regime: RegimeRow): ObligationFacts {
  return {
    state: row.state,
    interval: intervalOf(row, regime),
    anchor: regime.anchor,
    dueSoonDays: regime.dueSoonDays,
    startOn: row.startOn,
    latest:
      row.lastInspectionId && row.lastCompletedOn && row.lastResult
        ? { id: row.lastInspectionId, performedOn: row.lastCompletedOn, result: row.lastResult, certificateNumber: row.lastCertificateNumber, certificateExpiresOn: row.certificateExpiresOn }
        : null,
    remedialActionOpen: row.remedialActionOpen,
  };
}

/**
 * The obligation as the API shows it on `today`: a stored status the calendar has moved on since
 * (its status_changes_on has come, and the calendar job has not yet stored the new one) is worked
 * out again, so a reader never sees yesterday's status.
 */
function toObligation({ row, regime, responsibleName }: ObligationRead, today: CalendarDate): Obligation {
  const stale = row.statusChangesOn !== null && row.statusChangesOn <= today;
  const { status, nextDueOn } = stale ? obligationDates(storedFacts(row, regime), today) : row;
  const overridden = row.intervalCount !== null && row.intervalUnit !== null;
  return {
    id: row.id,
    regime: { id: regime.id, key: regime.key, name: regime.name, category: regime.category },
    assetId: row.assetId,
    locationId: row.locationId,
    interval: intervalOf(row, regime),
    intervalOverridden: overridden,
    intervalReason: row.intervalReason,
    responsibleUserId: row.responsibleUserId,
    responsibleName,
    contractor: row.contractor,
    state: row.state,
    stateReason: row.stateReason,
    startOn: row.startOn,
    lastCompletedOn: row.lastCompletedOn,
    lastResult: row.lastResult,
    lastCertificateNumber: row.lastCertificateNumber,
    certificateExpiresOn: row.certificateExpiresOn,
    nextDueOn,
    status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The facts an obligation's dates follow from, with the inspection that counts (and whether its
 * remedial action is done) read in `tx`.
 */
export async function factsOf(tx: Tx | Db, row: ObligationRow, regime: RegimeRow): Promise<ObligationFacts> {
  const corrected = tx
    .select({ id: inspections.correctsId })
    .from(inspections)
    .where(and(eq(inspections.obligationId, row.id), isNotNull(inspections.correctsId)));
  const [latest] = await tx
    .select({ id: inspections.id, performedOn: inspections.performedOn, result: inspections.result, certificateNumber: inspections.certificateNumber, certificateExpiresOn: inspections.certificateExpiresOn })
    .from(inspections)
    .where(and(eq(inspections.obligationId, row.id), notInArray(inspections.id, sql`(${corrected})`)))
    .orderBy(desc(inspections.performedOn), desc(inspections.createdAt), desc(inspections.id))
    .limit(1);
  const remedial = latest?.result === 'fail' && (await remedialActionOpen(tx, latest.id));
  return { ...storedFacts(row, regime), latest: latest ?? null, remedialActionOpen: remedial };
}

/**
 * Recording an inspection's statements (recordInspection), each prepared per connection: the one
 * read before the write (the obligation locked, its regime's rules, whether the client's id is
 * already used, the names the answer shows, and when the stored latest was entered), the insert, and
 * the update of the obligation's dates.
 */
const readForRecording = preparedPerConnection((tx) =>
  tx
    .select({
      row: obligations,
      regime: regimeFactColumns,
      readings: complianceRegimes.readings,
      seenObligationId: sql<string | null>`(SELECT ${inspections.obligationId} FROM ${inspections} WHERE ${inspections.id} = ${sql.placeholder('id')})`,
      performedByName: sql<string | null>`(SELECT ${users.fullName} FROM ${users} WHERE ${users.id} = ${sql.placeholder('performedById')} AND ${users.status} = 'active')`,
      recordedByName: sql<string | null>`(SELECT ${users.fullName} FROM ${users} WHERE ${users.id} = ${sql.placeholder('actorId')})`,
      latestEnteredAt: latestEnteredAt(),
    })
    .from(obligations)
    .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
    .where(eq(obligations.id, sql.placeholder('obligationId')))
    .for('update', { of: obligations })
    .prepare('record_inspection_read'),
);

const INSPECTION_INPUT_COLUMNS = [
  'id',
  'obligationId',
  'performedOn',
  'result',
  'performedById',
  'contractor',
  'readings',
  'certificateNumber',
  'certificateExpiresOn',
  'notes',
  'correctsId',
  'recordedById',
] as const satisfies ReadonlyArray<keyof typeof inspections.$inferInsert>;

const insertForRecording = preparedPerConnection((tx) =>
  tx
    .insert(inspections)
    .values(Object.fromEntries(INSPECTION_INPUT_COLUMNS.map((column) => [column, sql.placeholder(column)])) as unknown as typeof inspections.$inferInsert)
    .onConflictDoNothing()
    .returning()
    .prepare('record_inspection_insert'),
);

/** Every column ObligationDates stores (the object literal must name each, and nothing else). */
const DATE_COLUMNS = Object.keys({
  lastCompletedOn: true,
  lastResult: true,
  lastInspectionId: true,
  lastCertificateNumber: true,
  certificateExpiresOn: true,
  nextDueOn: true,
  status: true,
  statusChangesOn: true,
  remedialActionOpen: true,
} satisfies Record<keyof ObligationDates, true>);

const updateDates = preparedPerConnection((tx) =>
  tx
    .update(obligations)
    .set(Object.fromEntries(DATE_COLUMNS.map((column) => [column, sql.placeholder(column)])))
    .where(eq(obligations.id, sql.placeholder('id')))
    .prepare('store_obligation_dates'),
);

/**
 * Works the obligation's dates out again (after an inspection, a change, or its remedial action
 * moving) and stores them; one falling overdue raises its action, as `actorId`.
 */
export async function recomputeObligation(tx: Tx, id: string, today: CalendarDate, actorId: string): Promise<void> {
  const [found] = await tx
    .select({ row: obligations, regime: regimeFactColumns })
    .from(obligations)
    .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
    .where(eq(obligations.id, id))
    // Whoever recomputes second waits, then reads what the first committed.
    .for('update', { of: obligations });
  if (!found) return;
  const dates = obligationDates(await factsOf(tx, found.row, found.regime), today);
  await storeDates(tx, { obligationId: id, assetId: found.row.assetId, regimeName: found.regime.name }, dates, actorId);
}

/** Stores an obligation's worked-out dates; one falling overdue raises its action, as `actorId`. */
async function storeDates(tx: Tx, on: { obligationId: string; assetId: string | null; regimeName: string }, dates: ObligationDates, actorId: string): Promise<void> {
  await updateDates(tx).execute({ ...dates, id: on.obligationId });
  if (dates.status === 'overdue' && dates.nextDueOn) await raiseForOverdue(tx, on, dates.nextDueOn, actorId);
}

/** When the obligation's stored latest inspection was entered (null when it has none): factsWithEntry needs it. */
export const latestEnteredAt = () =>
  sql<Date | null>`(SELECT ${inspections.createdAt} FROM ${inspections} WHERE ${inspections.id} = ${obligations.lastInspectionId})`.mapWith(inspections.createdAt);

/** Days past due, shown on an overdue item of the work list (0 otherwise). */
const workItemDaysOverdue = (obligation: Pick<Obligation, 'status' | 'nextDueOn'>, today: CalendarDate) =>
  obligation.status === 'overdue' && obligation.nextDueOn ? daysOverdue(obligation.nextDueOn, today) : 0;

const ownInterval = sql<boolean>`(${obligations.intervalCount} IS NOT NULL AND ${obligations.intervalUnit} IS NOT NULL)`;

/**
 * A work list item (ObligationWorkItem) as JSON text written by PostgreSQL (ADR 014), from the
 * stored status and due date: what toObligation() gives for every obligation whose status the
 * calendar has not moved on (the caller restates the others). `today` is the date daysOverdue
 * counts to, as workItemDaysOverdue() counts it. worklist tests hold both to the same answers.
 */
function workItemJson(today: SQL) {
  return jsonObject({
    id: obligations.id,
    regime: jsonValue({ id: complianceRegimes.id, key: complianceRegimes.key, name: complianceRegimes.name, category: complianceRegimes.category }),
    assetId: obligations.assetId,
    locationId: obligations.locationId,
    interval: sql`CASE WHEN ${ownInterval} THEN ${jsonValue({ count: obligations.intervalCount, unit: obligations.intervalUnit })}
      ELSE ${jsonValue({ count: complianceRegimes.intervalCount, unit: complianceRegimes.intervalUnit })} END`,
    intervalOverridden: ownInterval,
    intervalReason: obligations.intervalReason,
    responsibleUserId: obligations.responsibleUserId,
    responsibleName: responsible.fullName,
    contractor: obligations.contractor,
    state: obligations.state,
    stateReason: obligations.stateReason,
    startOn: obligations.startOn,
    lastCompletedOn: obligations.lastCompletedOn,
    lastResult: obligations.lastResult,
    lastCertificateNumber: obligations.lastCertificateNumber,
    certificateExpiresOn: obligations.certificateExpiresOn,
    nextDueOn: obligations.nextDueOn,
    status: obligations.status,
    createdAt: obligations.createdAt,
    updatedAt: obligations.updatedAt,
    asset: sql`CASE WHEN ${assets.id} IS NOT NULL THEN ${jsonValue({ id: assets.id, code: assets.assetId, description: assets.description })} END`,
    locationPath: locations.path,
    daysOverdue: sql`CASE WHEN ${obligations.status} = 'overdue' AND ${obligations.nextDueOn} IS NOT NULL THEN greatest(0, ${today} - ${obligations.nextDueOn}) ELSE 0 END`,
  });
}

export function obligationsRepo(db: Db) {
  const plannedOnce = plannedOnceOf(db);
  const select = (executor: Tx | Db = db) =>
    executor
      .select(obligationColumns)
      .from(obligations)
      .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
      .leftJoin(responsible, eq(responsible.id, obligations.responsibleUserId));

  const activeUser = async (tx: Tx, id: string | null | undefined) => {
    if (!id) return true;
    const [row] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, id), eq(users.status, 'active'))).limit(1);
    return row !== undefined;
  };

  const worklistStatements = new Map<string, ReturnType<typeof prepareWorklist>>();
  /**
   * The ids of the page's obligations, in the list's order (soonest due first, never evidenced last,
   * then by id). A regime or a category is read one regime at a time, each regime's first rows from
   * its index in due order: most regimes hold a few hundred of the estate's obligations, which a
   * walk of the estate's due order passes all of to find, and a category's regimes are not spread
   * evenly through it (a walk passed 11,651 rows to find 51 of fire's).
   */
  const worklistPage = (shape: WorklistShape): SQL => {
    const rows = rowLimit(shape.usualPage);
    const inWalkedPlaces = sql`(${locations.id} = ANY(${sql.placeholder('places')}::uuid[]) OR ${locations.ancestorIds} && ${sql.placeholder('places')}::uuid[])`;
    const filters = and(
      shape.status ? sql`${obligations.status} = ${sql.placeholder('status')}` : undefined,
      shape.responsible ? sql`${obligations.responsibleUserId} = ${sql.placeholder('responsibleUserId')}` : undefined,
      shape.cursor === 'undated' ? sql`(${obligations.nextDueOn} IS NULL AND ${obligations.id} > ${sql.placeholder('afterId')})` : undefined,
      shape.cursor === 'dated'
        ? sql`(${obligations.nextDueOn} > ${sql.placeholder('afterDue')} OR ${obligations.nextDueOn} IS NULL OR (${obligations.nextDueOn} = ${sql.placeholder('afterDue')} AND ${obligations.id} > ${sql.placeholder('afterId')}))`
        : undefined,
    );
    const regimes = sql`SELECT ${complianceRegimes.id} FROM ${complianceRegimes} WHERE ${and(
      shape.regime ? sql`${complianceRegimes.id} = ${sql.placeholder('regimeId')}` : undefined,
      shape.category ? sql`${complianceRegimes.category} = ${sql.placeholder('category')}` : undefined,
    )}`;
    if (shape.places === 'area') {
      const inRegimes = shape.regime || shape.category ? sql`${obligations.regimeId} IN (${regimes})` : undefined;
      return firstByLocation(obligations, obligations.locationId, sql.placeholder('places'), and(inRegimes, filters), rows, WORKLIST_ORDER);
    }
    const walked = shape.places === 'walk';
    if (shape.regime || shape.category) {
      // Tested on the joined location's row as each regime's list reaches it, as the walk below does.
      const joined = walked ? sql`JOIN ${locations} ON ${locations.id} = ${obligations.locationId}` : undefined;
      return firstByKey(obligations, obligations.regimeId, regimes, and(walked ? inWalkedPlaces : undefined, filters), rows, WORKLIST_ORDER, joined);
    }
    const estate = plannedOnce.select({ id: obligations.id }).from(obligations).$dynamic();
    // Tested on the joined location's row (its id and ancestors), met as the walk reaches it:
    // location_in_areas() is not inlined (its body holds a sub-select), so each walked row paid a
    // function call that started an executor of its own.
    return (walked ? estate.innerJoin(locations, eq(locations.id, obligations.locationId)) : estate)
      .where(and(walked ? inWalkedPlaces : undefined, filters))
      .orderBy(...WORKLIST_ORDER_BY)
      .limit(rows)
      .getSQL();
  };
  /**
   * The work list's statement for one shape of filters, named and planned once per connection
   * (ADR 015, ADR 031): the list is read on every visit of /compliance and every location's
   * Compliance tab, and planning its six-table join cost more than running it. The page's ids are
   * found first, with only the tables the filters need; the rest (regime, person, asset, location
   * path) is joined to those rows alone: joined before the sort, a site's 825 overdue obligations
   * each read their asset and built their JSON for 51 to be kept.
   */
  const prepareWorklist = (shape: WorklistShape, name: string) =>
    plannedOnce
      .select({
        json: workItemJson(sql`${sql.placeholder('today')}::date`),
        // Its status moved on with the calendar and the job has not stored it yet: worked out again in the app.
        stale: sql<boolean>`coalesce(${obligations.statusChangesOn} <= ${sql.placeholder('today')}::date, false)`,
        id: obligations.id,
        nextDueOn: obligations.nextDueOn,
      })
      .from(obligations)
      .innerJoin(complianceRegimes, eq(complianceRegimes.id, obligations.regimeId))
      .leftJoin(responsible, eq(responsible.id, obligations.responsibleUserId))
      .leftJoin(assets, eq(assets.id, obligations.assetId))
      .innerJoin(locations, eq(locations.id, obligations.locationId))
      .where(sql`${obligations.id} IN (${worklistPage(shape)})`)
      .orderBy(...WORKLIST_ORDER_BY)
      .prepare(name);
  const worklistStatement = (shape: WorklistShape) => {
    const flags: Array<[boolean, string]> = [
      [shape.places === 'area', 'area'],
      [shape.places === 'walk', 'walk'],
      [shape.status, 'status'],
      [shape.category, 'category'],
      [shape.regime, 'regime'],
      [shape.responsible, 'person'],
      [shape.usualPage, 'page'],
    ];
    const name = statementName(['compliance_worklist', ...flags.filter(([on]) => on).map(([, word]) => word), shape.cursor]);
    let statement = worklistStatements.get(name);
    if (!statement) worklistStatements.set(name, (statement = prepareWorklist(shape, name)));
    return statement;
  };

  /** Whether a page of `rows` of the places' work list is read cheaper one location at a time than by walking the estate's list. */
  async function readsByLocation(places: string[], rows: number): Promise<boolean> {
    const size = await placeSize(db, places);
    return readByLocation(size, size.obligations, size.allObligations, rows);
  }

  async function get(id: string, today: CalendarDate, executor: Tx | Db = db): Promise<Obligation | undefined> {
    const [row] = await select(executor).where(eq(obligations.id, id)).limit(1);
    return row && toObligation(row, today);
  }

  /** A work list item whose stored status is out of date, with its status and due date as of `today`. */
  async function restatedWorkItem(json: string, today: CalendarDate): Promise<ObligationWorkItem> {
    const item = JSON.parse(json) as ObligationWorkItem;
    const obligation = await get(item.id, today);
    return obligation ? { ...item, ...obligation, daysOverdue: workItemDaysOverdue(obligation, today) } : item;
  }

  return {
    get,

    /**
     * The work list (GET /api/compliance/obligations): obligations in the subtree of
     * `filter.locationId`, else in `areaRoots`, else anywhere, soonest due first (never evidenced
     * last), then by id: a page of `limit` items as JSON text written by PostgreSQL (ADR 014), and the
     * next page's cursor when more follow. An item whose status the calendar has moved on since it was
     * stored (rare: between midnight and the calendar job) is read again the usual way, so its
     * status is worked out by the one rule (toObligation).
     */
    async worklist(filter: WorklistFilter, areaRoots: string[] | null, limit: number, today: CalendarDate): Promise<{ body: string; nextCursor: string | null }> {
      const places = filter.locationId ? [filter.locationId] : areaRoots;
      const after = filter.cursor ? decodeWorklistCursor(filter.cursor) : undefined;
      const shape: WorklistShape = {
        places: places === null ? 'none' : (await readsByLocation(places, limit + 1)) ? 'area' : 'walk',
        status: filter.status !== undefined,
        category: filter.category !== undefined,
        regime: filter.regimeId !== undefined,
        responsible: filter.responsibleUserId !== undefined,
        cursor: after ? (after.dueOn === null ? 'undated' : 'dated') : 'none',
        usualPage: limit + 1 === USUAL_PAGE_ROWS,
      };
      const rows = await worklistStatement(shape).execute({
        places,
        status: filter.status,
        category: filter.category,
        regimeId: filter.regimeId,
        responsibleUserId: filter.responsibleUserId,
        afterDue: after?.dueOn ?? null,
        afterId: after?.id,
        limit: limit + 1,
        today,
      });
      const page = rows.slice(0, limit);
      const items = await Promise.all(page.map(async (row) => (row.stale ? JSON.stringify(await restatedWorkItem(row.json, today)) : row.json)));
      // The cursor follows the order the statement reads in: the stored due date.
      const last = page.at(-1);
      return { body: `[${items.join(',')}]`, nextCursor: rows.length > limit && last ? encodeWorklistCursor(last) : null };
    },

    /** An asset's obligations, or a location's own (not its assets'), by regime name. */
    async list(filter: { assetId?: string; locationId?: string }, today: CalendarDate): Promise<Obligation[]> {
      const where = filter.assetId
        ? eq(obligations.assetId, filter.assetId)
        : and(eq(obligations.locationId, filter.locationId!), sql`${obligations.assetId} IS NULL`);
      const rows = await select().where(where).orderBy(asc(complianceRegimes.name), asc(obligations.id));
      return rows.map((row) => toObligation(row, today));
    },

    async create(input: NewObligation, actorId: string, today: CalendarDate): Promise<CreateObligationResult> {
      return transactionAs(db, actorId, async (tx): Promise<CreateObligationResult> => {
        const [regime] = await tx.select().from(complianceRegimes).where(eq(complianceRegimes.id, input.regimeId)).limit(1);
        if (!regime || regime.retiredAt) return { kind: 'regime-missing' };
        let locationId = input.locationId;
        if (input.assetId) {
          // Locked against a concurrent move, so the obligation starts where the asset is.
          const [asset] = await tx.select({ locationId: assets.locationId }).from(assets).where(eq(assets.id, input.assetId)).for('share');
          if (!asset) return { kind: 'asset-missing' };
          locationId = asset.locationId;
        } else {
          const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId!)).limit(1);
          if (!location) return { kind: 'location-missing' };
        }
        if (!(await activeUser(tx, input.responsibleUserId))) return { kind: 'user-missing' };
        const own: OwnInterval = { intervalCount: input.interval?.count ?? null, intervalUnit: input.interval?.unit ?? null };
        const facts: ObligationFacts = {
          state: 'active',
          interval: intervalOf(own, regime),
          anchor: regime.anchor,
          dueSoonDays: regime.dueSoonDays,
          startOn: input.startOn,
          latest: null,
          remedialActionOpen: false,
        };
        const [row] = await tx
          .insert(obligations)
          .values({
            regimeId: regime.id,
            assetId: input.assetId,
            locationId: locationId!,
            ...own,
            intervalReason: input.interval ? input.intervalReason : null,
            responsibleUserId: input.responsibleUserId,
            contractor: input.contractor,
            startOn: input.startOn,
            createdBy: actorId,
            ...obligationDates(facts, today),
          })
          .onConflictDoNothing()
          .returning({ id: obligations.id });
        if (!row) return { kind: 'duplicate', regimeName: regime.name };
        return { kind: 'created', obligation: (await this.get(row.id, today, tx))! };
      });
    },

    /**
     * Puts the regime on every asset of its usual types under the location (disposed ones aside),
     * and on every location of its usual levels there, in one statement each; those that have it
     * already are left as they are. All or nothing, refused above BULK_OBLIGATIONS_MAX.
     */
    async applyToSubtree(input: BulkObligations, actorId: string, today: CalendarDate): Promise<BulkObligationsResult> {
      return transactionAs(db, actorId, async (tx): Promise<BulkObligationsResult> => {
        const [regime] = await tx.select().from(complianceRegimes).where(eq(complianceRegimes.id, input.regimeId)).limit(1);
        if (!regime || regime.retiredAt) return { kind: 'regime-missing' };
        const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId)).limit(1);
        if (!location) return { kind: 'location-missing' };
        if (!(await activeUser(tx, input.responsibleUserId))) return { kind: 'user-missing' };
        // New obligations have no evidence: the same dates for all, by the shared rules.
        const own: OwnInterval = { intervalCount: null, intervalUnit: null };
        const facts: ObligationFacts = { state: 'active', interval: intervalOf(own, regime), anchor: regime.anchor, dueSoonDays: regime.dueSoonDays, startOn: null, latest: null, remedialActionOpen: false };
        const dates = obligationDates(facts, today);
        const subtree = sql`(SELECT * FROM area_locations(ARRAY[${input.locationId}]::uuid[]))`;
        const matching = sql`
          SELECT a.id AS asset_id, a.location_id FROM assets a
          WHERE a.location_id IN ${subtree} AND a.type::text = ANY(${sql.param(regime.assetTypes)}::text[]) AND a.status <> 'disposed'
          UNION ALL
          SELECT NULL, l.id FROM locations l WHERE l.id IN ${subtree} AND l.type::text = ANY(${sql.param(regime.locationTypes)}::text[])`;
        const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM (${matching}) AS m`);
        const found = rows[0]!.n;
        if (found > BULK_OBLIGATIONS_MAX) return { kind: 'too-many', found };
        const inserted = await tx.execute(sql`
          INSERT INTO obligations (regime_id, asset_id, location_id, responsible_user_id, created_by, status, next_due_on, status_changes_on)
          SELECT ${regime.id}, m.asset_id, m.location_id, ${input.responsibleUserId ?? null}, ${actorId}, ${dates.status}, ${dates.nextDueOn}, ${dates.statusChangesOn}
          FROM (${matching}) AS m
          ON CONFLICT DO NOTHING`);
        const created = inserted.rowCount ?? 0;
        return { kind: 'applied', created, existing: found - created };
      });
    },

    /** Applies the changes and works the dates out again; undefined when there is no such obligation. */
    async update(id: string, changes: ObligationChanges, actorId: string, today: CalendarDate): Promise<Obligation | 'user-missing' | undefined> {
      return transactionAs(db, actorId, async (tx) => {
        const [current] = await tx.select().from(obligations).where(eq(obligations.id, id)).for('update');
        if (!current) return undefined;
        if (!(await activeUser(tx, changes.responsibleUserId))) return 'user-missing';
        const set: Partial<typeof obligations.$inferInsert> = { updatedAt: new Date() };
        if (changes.state !== undefined) {
          set.state = changes.state;
          set.stateReason = changes.state === 'active' ? null : (changes.stateReason ?? null);
          set.stateSetBy = actorId;
        }
        if (changes.interval !== undefined) {
          set.intervalCount = changes.interval?.count ?? null;
          set.intervalUnit = changes.interval?.unit ?? null;
          set.intervalReason = changes.interval ? (changes.intervalReason ?? null) : null;
        }
        if (changes.responsibleUserId !== undefined) set.responsibleUserId = changes.responsibleUserId;
        if (changes.contractor !== undefined) set.contractor = changes.contractor;
        await tx.update(obligations).set(set).where(eq(obligations.id, id));
        await recomputeObligation(tx, id, today, actorId);
        return (await this.get(id, today, tx))!;
      });
    },

    /**
     * Records an inspection (append-only) and works the obligation's dates out again, in one
     * transaction with the obligation locked, so two inspections recorded at once both count. A
     * client id seen before gives the first record back. `inTransaction` runs before the commit (an
     * idempotent request's answer, db/actor.ts).
     */
    async recordInspection(input: NewInspection, actorId: string, today: CalendarDate, inTransaction?: InTransaction<RecordInspectionResult>): Promise<RecordInspectionResult> {
      return transactionAs(db, actorId, async (tx): Promise<RecordInspectionResult> => {
        const id = input.id ?? crypto.randomUUID();
        const [found] = await readForRecording(tx).execute({ obligationId: input.obligationId, id, performedById: input.performedById ?? null, actorId });
        if (!found) return input.id && (await this.inspection(input.id, tx)) ? { kind: 'id-taken' } : { kind: 'obligation-missing' };
        if (found.seenObligationId) {
          const seen = await this.inspection(id, tx);
          return seen && seen.obligationId === input.obligationId ? { kind: 'existing', inspection: seen } : { kind: 'id-taken' };
        }
        const problems = inspectionReadingProblems(found.readings, input.readings, input.result);
        if (problems.length) return { kind: 'readings-refused', problems };
        if (input.performedById && found.performedByName === null) return { kind: 'user-missing' };
        if (input.correctsId) {
          const [corrected] = await tx
            .select({ id: inspections.id })
            .from(inspections)
            .where(and(eq(inspections.id, input.correctsId), eq(inspections.obligationId, input.obligationId)))
            .limit(1);
          if (!corrected) return { kind: 'corrected-missing' };
        }
        const [row] = await insertForRecording(tx).execute({
          id,
          obligationId: input.obligationId,
          performedOn: input.performedOn,
          result: input.result,
          performedById: input.performedById ?? null,
          contractor: input.contractor ?? null,
          readings: input.readings,
          certificateNumber: input.certificateNumber ?? null,
          certificateExpiresOn: input.certificateExpiresOn ?? null,
          notes: input.notes ?? null,
          correctsId: input.correctsId ?? null,
          recordedById: actorId,
        });
        if (!row) {
          // The only conflicts left: the same client id recorded in a race, or a second correction of
          // one entry.
          const raced = await this.inspection(id, tx);
          if (!raced) return { kind: 'already-corrected' };
          return raced.obligationId === input.obligationId ? { kind: 'existing', inspection: raced } : { kind: 'id-taken' };
        }
        const on = { obligationId: found.row.id, assetId: found.row.assetId, regimeName: found.regime.name };
        await raiseForInspection(tx, on, row, actorId);
        const facts = row.correctsId ? undefined : factsWithEntry(storedFacts(found.row, found.regime), found.latestEnteredAt, row);
        if (facts) await storeDates(tx, on, obligationDates(facts, today), actorId);
        else await recomputeObligation(tx, input.obligationId, today, actorId);
        // A new entry has no correction and no evidence yet: the answer needs no second read.
        const inspection = toInspection({ row, performedByName: found.performedByName, recordedByName: found.recordedByName, correctedById: null, evidence: [] });
        return { kind: 'created', inspection };
      }, inTransaction);
    },

    async inspection(id: string, executor: Tx | Db = db): Promise<Inspection | undefined> {
      const [row] = await selectInspections(executor).where(eq(inspections.id, id)).limit(1);
      return row && toInspection(row);
    },

    /**
     * The obligation's inspections with their evidence, latest performed first (one query); undefined
     * when there is no such obligation.
     */
    async inspections(obligationId: string): Promise<Inspection[] | undefined> {
      const [exists] = await db.select({ id: obligations.id }).from(obligations).where(eq(obligations.id, obligationId)).limit(1);
      if (!exists) return undefined;
      const rows = await selectInspections(db)
        .where(eq(inspections.obligationId, obligationId))
        .orderBy(desc(inspections.performedOn), desc(inspections.createdAt), desc(inspections.id));
      return rows.map(toInspection);
    },
  };
}
