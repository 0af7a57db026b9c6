import type { Action } from '@shared/contract/actions';
import type { Meter } from '@shared/contract/meters';
import { isActionOverdue } from '@shared/domain/actions';
import type { CalendarDate } from '@shared/domain/compliance';
import { organisationToday } from '@/lib/organisation-today';
import { deviceDb } from './device-db';
import { keptLocationPath, liesUnder } from './kept-sites';

/**
 * The meter and action lists answered from the records kept on the device (ADR 028, "A site kept
 * offline"): those of the sites kept offline and those viewed, each kept as the answer of its own
 * page. Used only when a list's own address was never kept: the filters are the list's, matched
 * simply (no typo tolerance, no ranking), as searchKeptAssets does for assets.
 */

const METER_PAGE = /^\/api\/meters\/[0-9a-f-]{36}$/;
const ACTION_PAGE = /^\/api\/actions\/[0-9a-f-]{36}$/;

async function keptPages<T>(prefix: string, page: RegExp): Promise<T[]> {
  const found: T[] = [];
  await deviceDb.reads
    .where('url')
    .startsWith(prefix)
    .each((read) => {
      if (page.test(read.url)) found.push(JSON.parse(read.body) as T);
    });
  return found;
}

/**
 * GET /api/meters[?locationId=]: the kept meters, by meter number as the server orders them; a
 * location keeps those whose path lies at or under its path (unknown on the device: none).
 */
export async function searchKeptMeters(query: { locationId?: string }): Promise<Meter[]> {
  const under = query.locationId ? await keptLocationPath(query.locationId) : null;
  if (query.locationId && under === null) return [];
  return metersMatching(await keptPages<Meter>('/api/meters/', METER_PAGE), under);
}

/** The meters at or under the path (all with null), by meter number. */
export function metersMatching(meters: Meter[], under: string | null): Meter[] {
  return meters
    .filter((meter) => under === null || liesUnder(meter.locationPath, under))
    .sort((a, b) => a.meterNumber.localeCompare(b.meterNumber) || a.id.localeCompare(b.id));
}

/** The filters of the action list (its own query) the device can answer. */
export interface KeptActionQuery {
  search?: string;
  status?: string;
  priority?: string;
  assetId?: string;
  overdue?: boolean;
  sort?: string;
  limit: number;
}

/** The words the server's action search reads (actions.search_text): code, title, description, assignee. */
const searchTextOf = (action: Action) => [action.actionId, action.title, action.description, action.assignee].filter(Boolean).join(' ').toLowerCase();

const newestFirst = (a: Action, b: Action) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1);
/** By target date, the earliest first, undated last, then by id (the server's `sort=target`). */
const byTarget = (a: Action, b: Action) => {
  if (a.targetDate !== b.targetDate) return a.targetDate === null ? 1 : b.targetDate === null ? -1 : a.targetDate < b.targetDate ? -1 : 1;
  return a.id < b.id ? -1 : 1;
};

/**
 * GET /api/actions (first page): the kept actions matching the list's filters: status, priority,
 * asset, overdue (judged today, on this device's clock, as the server judges it) and every word
 * searched for present; newest first or by target date.
 */
export async function searchKeptActions(query: KeptActionQuery): Promise<Action[]> {
  return actionsMatching(await keptPages<Action>('/api/actions/', ACTION_PAGE), query, organisationToday());
}

/** The actions matching the query on the day given, in the query's order, at most its limit. */
export function actionsMatching(actions: Action[], query: KeptActionQuery, today: CalendarDate): Action[] {
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return actions
    .filter(
      (action) =>
        (!query.status || action.status === query.status) &&
        (!query.priority || action.priority === query.priority) &&
        (!query.assetId || action.assetId === query.assetId) &&
        (!query.overdue || isActionOverdue(action, today)) &&
        words.every((word) => searchTextOf(action).includes(word)),
    )
    .sort(query.sort === 'target' ? byTarget : newestFirst)
    .slice(0, query.limit);
}
