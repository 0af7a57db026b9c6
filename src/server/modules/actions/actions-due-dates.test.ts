import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { actionSchema, type Action } from '../../../shared/contract/actions';
import { NEXT_CURSOR_HEADER } from '../../../shared/contract/common';
import type { DashboardStats } from '../../../shared/contract/dashboard';
import type { SearchResponse } from '../../../shared/contract/search';
import { ACTION_STATUSES, isActionOverdue, type ActionStatus } from '../../../shared/domain/actions';
import { addDays, ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { createClock, createdBy, createTestApp, getJson, postJson, registerUser, sendAs, signIn, type NewUserInput, type TestApp } from '../../../../tests/setup/test-app';

/**
 * Action due dates (ADR 025, step 7): an action not done and past its target date is overdue in
 * every answer that carries it; the list filters to the overdue and sorts by target date (undated
 * last) with keyset pages; the dashboard counts the overdue. "Today" is the organisation's date on
 * the app's clock, which the tests move.
 */

let t: TestApp;
let admin: { cookie: string; input: NewUserInput };
let manager: { cookie: string; input: NewUserInput };

/** 10:00 UTC on 26 November 2026: the same date in London (GMT) and in UTC. */
const START = new Date('2026-11-26T10:00:00Z');
const today = () => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, t.clock.now());
const daysFromToday = (days: number) => addDays(today(), days);

interface Place {
  site: string;
  asset: string;
}
let north: Place;
let south: Place;

const created = <T = { id: string }>(res: Promise<LightMyRequestResponse>) => createdBy<T>(res);

async function place(name: string): Promise<Place> {
  const site = await created(postJson(t.app, '/api/locations', { name: `${name} Site`, type: 'site' }, { cookie: admin.cookie }));
  const building = await created(postJson(t.app, '/api/locations', { name: `${name} House`, type: 'building', parentId: site.id }, { cookie: admin.cookie }));
  const asset = await created(postJson(t.app, '/api/assets', { locationId: building.id, type: 'hvac', condition: 'fair' }, { cookie: admin.cookie }));
  return { site: site.id, asset: asset.id };
}

const createAction = (body: Record<string, unknown>) => created<Action>(postJson(t.app, '/api/actions', { priority: 'medium', ...body }, { cookie: admin.cookie }));
const list = (query: string, cookie = admin.cookie) => getJson(t.app, `/api/actions?${query}`, cookie);
const listed = async (query: string, cookie = admin.cookie) => {
  const res = await list(query, cookie);
  expect(res.statusCode, res.body).toBe(200);
  // PostgreSQL writes the list's objects: each must hold the contract's shape, `overdue` included.
  return z.array(actionSchema.strict()).parse(res.json());
};
const detail = async (id: string) => (await getJson(t.app, `/api/actions/${id}`, admin.cookie)).json<Action>();

/** Every page of a list, `limit` at a time, following x-next-cursor; fails on a repeat. */
async function allPages(query: string, limit: number, cookie = admin.cookie): Promise<{ items: Action[]; pages: number }> {
  const items: Action[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await list(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Action[]>();
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
    pages += 1;
    if (pages > 100) throw new Error('more pages than the actions');
  } while (cursor);
  expect(new Set(items.map((a) => a.id)).size, 'no action on two pages').toBe(items.length);
  return { items, pages };
}

/** The target-date order: earliest first, undated last, the id breaking ties. */
const inTargetOrder = (actions: Action[]) =>
  [...actions].sort((a, b) => {
    if (a.targetDate !== b.targetDate) {
      if (a.targetDate === null) return 1;
      if (b.targetDate === null) return -1;
      return a.targetDate < b.targetDate ? -1 : 1;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });

/** Moves the clock on (sessions expire meanwhile: everyone signs in again). */
async function advanceClock(ms: number) {
  t.clock.advance(ms);
  admin.cookie = await signIn(t.app, admin.input.username, admin.input.password);
  manager.cookie = await signIn(t.app, manager.input.username, manager.input.password);
}

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(START) });
  admin = await registerUser(t.app, { role: 'org_admin' });
  manager = await registerUser(t.app, { role: 'area_manager' });
  north = await place('North');
  south = await place('South');
  const me = (await getJson(t.app, '/api/user', manager.cookie)).json<{ id: string }>();
  const limited = await sendAs(t.app, admin.cookie, 'PATCH', `/api/users/${me.id}`, { areaLocationIds: [north.site] });
  expect(limited.statusCode, limited.body).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the overdue flag', () => {
  const marker = `due${crypto.randomUUID().slice(0, 8)}`;
  const made = new Map<string, Action>();

  beforeAll(async () => {
    const cases: Array<[string, string | null, ActionStatus]> = [
      ['yesterday', daysFromToday(-1), 'open'],
      ['today', daysFromToday(0), 'open'],
      ['tomorrow', daysFromToday(1), 'open'],
      ['undated', null, 'open'],
      ['long ago in progress', '2025-05-10', 'in_progress'],
      ['long ago waiting', '2025-05-10', 'waiting'],
      ['long ago completed', '2025-05-10', 'completed'],
      ['long ago verified', '2025-05-10', 'verified'],
      ['long ago closed', '2025-05-10', 'closed'],
    ];
    for (const [name, targetDate, status] of cases) {
      made.set(name, await createAction({ title: `${marker} ${name}`, targetDate, status, assetId: north.asset }));
    }
  });

  const expected: Record<string, boolean> = {
    yesterday: true,
    today: false,
    tomorrow: false,
    undated: false,
    'long ago in progress': true,
    'long ago waiting': true,
    'long ago completed': false,
    'long ago verified': false,
    'long ago closed': false,
  };

  it('is true from the day after the target date, never on it, and never once the work is done', async () => {
    for (const [name, action] of made) {
      expect(action.overdue, `created: ${name}`).toBe(expected[name]);
      expect((await detail(action.id)).overdue, `detail: ${name}`).toBe(expected[name]);
      // The shared rule says the same.
      expect(isActionOverdue(action, today()), `rule: ${name}`).toBe(expected[name]);
    }
  });

  it('is the same in the list (browsed and searched, newest first and by target date) and in the global search', async () => {
    for (const query of [`assetId=${north.asset}`, `search=${marker}`, `assetId=${north.asset}&sort=target`, `search=${marker}&sort=target`]) {
      const rows = await listed(query);
      for (const [name, action] of made) expect(rows.find((r) => r.id === action.id)?.overdue, `${query}: ${name}`).toBe(expected[name]);
    }
    const search = await getJson(t.app, `/api/search?q=${marker}`, admin.cookie);
    expect(search.statusCode).toBe(200);
    const results = search.json<SearchResponse>().actions;
    expect(results).toHaveLength(made.size);
    for (const [name, action] of made) expect(results.find((r) => r.id === action.id)?.overdue, `search: ${name}`).toBe(expected[name]);
  });

  it('follows a change of status or target date at once', async () => {
    const action = made.get('tomorrow')!;
    const moved = await sendAs(t.app, admin.cookie, 'PATCH', `/api/actions/${action.id}`, { targetDate: daysFromToday(-3) });
    expect(moved.json<Action>().overdue).toBe(true);
    const done = await sendAs(t.app, admin.cookie, 'PATCH', `/api/actions/${action.id}`, { status: 'completed' });
    expect(done.json<Action>().overdue).toBe(false);
    const reopened = await sendAs(t.app, admin.cookie, 'PATCH', `/api/actions/${action.id}`, { status: 'waiting' });
    expect(reopened.json<Action>().overdue).toBe(true);
    await sendAs(t.app, admin.cookie, 'PATCH', `/api/actions/${action.id}`, { status: 'open', targetDate: daysFromToday(1) });
  });
});

describe('GET /api/actions?overdue=true', () => {
  const marker = `ovd${crypto.randomUUID().slice(0, 8)}`;
  let overdue: Action[];

  beforeAll(async () => {
    const specs: Array<[string, string | null, ActionStatus, string, Place]> = [
      ['a', daysFromToday(-10), 'open', 'high', north],
      ['b', daysFromToday(-1), 'in_progress', 'low', north],
      ['c', daysFromToday(-400), 'waiting', 'high', south],
      ['d', daysFromToday(-5), 'closed', 'high', north],
      ['e', daysFromToday(0), 'open', 'high', north],
      ['f', null, 'open', 'high', south],
      ['g', daysFromToday(-2), 'open', 'medium', south],
    ];
    const made: Action[] = [];
    for (const [name, targetDate, status, priority, where] of specs) {
      made.push(await createAction({ title: `${marker} ${name}`, targetDate, status, priority, assetId: where.asset }));
    }
    overdue = made.filter((a) => a.overdue);
    expect(overdue.map((a) => a.title.slice(-1)).sort()).toEqual(['a', 'b', 'c', 'g']);
  });

  const titles = (rows: Action[]) => rows.map((a) => a.title.replace(`${marker} `, ''));

  it('lists only overdue actions, each flagged, and false lists them all', async () => {
    const rows = await listed('overdue=true&limit=200');
    expect(rows.length).toBeGreaterThanOrEqual(overdue.length);
    expect(rows.every((a) => a.overdue)).toBe(true);
    for (const action of overdue) expect(rows.map((r) => r.id)).toContain(action.id);
    // Every action the list holds that the detail calls overdue is in the filtered list, and none other.
    const everything = await listed('limit=200');
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(everything.filter((a) => a.overdue).map((a) => a.id)));
    expect(await listed('overdue=false&limit=200')).toEqual(everything);
  });

  it('combines with the search, status, priority and asset filters, newest first and by target date', async () => {
    expect(titles(await listed(`search=${marker}&overdue=true`))).toEqual(['g', 'c', 'b', 'a']);
    expect(titles(await listed(`search=${marker}&overdue=true&sort=target`))).toEqual(['c', 'a', 'g', 'b']);
    expect(titles(await listed(`search=${marker}&overdue=true&priority=high`))).toEqual(['c', 'a']);
    expect(titles(await listed(`search=${marker}&overdue=true&status=open&sort=target`))).toEqual(['a', 'g']);
    expect(titles(await listed(`assetId=${south.asset}&overdue=true`))).toEqual(['g', 'c']);
    const ours = (rows: Action[]) => titles(rows.filter((a) => a.title.startsWith(marker)));
    expect(ours(await listed(`assetId=${north.asset}&overdue=true&sort=target&status=in_progress`))).toEqual(['b']);
    expect(ours(await listed(`assetId=${north.asset}&overdue=true&sort=target`))).toEqual(['a', 'b']);
    expect(await listed(`search=${marker}&overdue=true&status=closed`)).toEqual([]);
  });

  it('pages the overdue in either order without skipping or repeating one', async () => {
    const whole = await listed('overdue=true&limit=200');
    for (const sort of ['newest', 'target']) {
      const { items, pages } = await allPages(`overdue=true&sort=${sort}`, 2);
      expect(pages).toBeGreaterThan(1);
      expect(new Set(items.map((a) => a.id))).toEqual(new Set(whole.map((a) => a.id)));
      if (sort === 'target') expect(items).toEqual(inTargetOrder(whole));
    }
  });
});

describe('GET /api/actions?sort=target', () => {
  const marker = `tgt${crypto.randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    // Ties on a date (the id decides), several undated, dates across a year end.
    const dates = ['2027-01-02', '2026-12-31', null, '2026-12-31', null, '2025-06-01', '2026-12-31', null, '2027-01-02', '2024-02-29'];
    for (const [i, targetDate] of dates.entries()) {
      await createAction({ title: `${marker} ${i}`, targetDate, status: ACTION_STATUSES[i % ACTION_STATUSES.length], assetId: i % 2 ? north.asset : south.asset });
    }
  });

  it('orders by target date, earliest first, the undated last, ties by id', async () => {
    const rows = await listed(`search=${marker}&sort=target`);
    expect(rows).toHaveLength(10);
    expect(rows).toEqual(inTargetOrder(rows));
    expect(rows.map((a) => a.targetDate)).toEqual(['2024-02-29', '2025-06-01', '2026-12-31', '2026-12-31', '2026-12-31', '2027-01-02', '2027-01-02', null, null, null]);
    const browsed = await listed('sort=target&limit=200');
    expect(browsed).toEqual(inTargetOrder(browsed));
    expect(browsed.at(-1)!.targetDate).toBeNull();
  });

  it('pages through dated and undated actions alike, browsed, filtered and searched, without skipping or repeating one', async () => {
    for (const query of ['sort=target', `sort=target&search=${marker}`, `sort=target&assetId=${north.asset}`, 'sort=target&priority=medium', 'sort=target&status=open']) {
      const whole = await listed(`${query}&limit=200`);
      expect(whole.some((a) => a.targetDate === null) && whole.some((a) => a.targetDate !== null), query).toBe(true);
      expect(whole, query).toEqual(inTargetOrder(whole));
      for (const limit of [1, 3]) {
        const { items } = await allPages(query, limit);
        expect(items, `${query} by ${limit}`).toEqual(whole);
      }
    }
  });

  it('keeps its place when actions are added before it: the next page starts after the last one seen', async () => {
    const query = `sort=target&search=${marker}&limit=4`;
    const first = await list(query);
    const seen = first.json<Action[]>();
    await createAction({ title: `${marker} early`, targetDate: '2020-01-01' });
    const second = await listed(`${query}&cursor=${first.headers[NEXT_CURSOR_HEADER] as string}`);
    expect(second.map((a) => a.targetDate)).toEqual(['2026-12-31', '2027-01-02', '2027-01-02', null]);
    expect(second.some((a) => seen.some((s) => s.id === a.id))).toBe(false);
  });
});

describe('area managers', () => {
  const marker = `area${crypto.randomUUID().slice(0, 8)}`;
  const made: Action[] = [];

  beforeAll(async () => {
    for (const [i, where] of [north, south, north, south, north, north].entries()) {
      made.push(await createAction({ title: `${marker} ${i}`, targetDate: i === 5 ? null : daysFromToday(-i - 1), assetId: where.asset }));
    }
    // On no asset: the whole estate's, outside every area.
    made.push(await createAction({ title: `${marker} unplaced`, targetDate: daysFromToday(-30) }));
  });

  it("see only their areas' overdue actions and their areas' actions by target date, in pages", async () => {
    const northIds = (await listed(`assetId=${north.asset}&limit=200`)).map((a) => a.id);
    const inNorth = (rows: Action[]) => rows.every((a) => northIds.includes(a.id));

    const overdue = await listed('overdue=true&limit=200', manager.cookie);
    expect(inNorth(overdue)).toBe(true);
    expect(overdue.length).toBeGreaterThan(0);
    expect(new Set(overdue.map((a) => a.id))).toEqual(new Set((await listed(`assetId=${north.asset}&overdue=true&limit=200`)).map((a) => a.id)));

    for (const query of ['sort=target', 'overdue=true&sort=target', 'overdue=true', `sort=target&search=${marker}`, `overdue=true&sort=target&search=${marker}`]) {
      const whole = await listed(`${query}&limit=200`, manager.cookie);
      expect(inNorth(whole), query).toBe(true);
      if (query.includes('target')) expect(whole, query).toEqual(inTargetOrder(whole));
      const { items } = await allPages(query, 2, manager.cookie);
      expect(items, query).toEqual(whole);
    }
    const searched = await listed(`overdue=true&sort=target&search=${marker}`, manager.cookie);
    expect(searched.map((a) => a.title)).toEqual([4, 2, 0].map((i) => `${marker} ${i}`));
  });

  it("count only their areas' overdue actions on the dashboard", async () => {
    const stats = (await getJson(t.app, '/api/dashboard/stats', manager.cookie)).json<DashboardStats>();
    expect(stats.overdueActions).toBe((await listed(`assetId=${north.asset}&overdue=true&limit=200`)).length);
  });
});

describe('refused parameters', () => {
  it.each([
    ['overdue=yes', 'overdue must be true or false'],
    ['overdue=1', 'overdue must be true or false'],
    ['sort=oldest', 'sort must be newest or target'],
    ['sort=target&cursor=garbage', 'cursor is not valid for this order: start again from the first page'],
  ])('%s → 400 "%s"', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
  });

  it("refuses a cursor of the other order, rather than reading it as this one's", async () => {
    await createAction({ title: 'cursor fodder 1', targetDate: '2026-01-01' });
    await createAction({ title: 'cursor fodder 2', targetDate: '2026-01-02' });
    const newest = (await list('limit=1')).headers[NEXT_CURSOR_HEADER] as string;
    const byTarget = (await list('limit=1&sort=target')).headers[NEXT_CURSOR_HEADER] as string;
    expect(newest && byTarget).toBeTruthy();
    expect((await list(`sort=target&cursor=${newest}`)).statusCode).toBe(400);
    expect((await list(`sort=target&search=fodder&cursor=${newest}`)).statusCode).toBe(400);
    expect((await list(`cursor=${byTarget}`)).statusCode).toBe(400);
    expect((await list(`sort=target&cursor=${byTarget}`)).statusCode).toBe(200);
  });
});

describe('the dashboard', () => {
  it('counts the actions not done and past their target date: what the overdue list holds', async () => {
    const count = async () => (await getJson(t.app, '/api/dashboard/stats', admin.cookie)).json<DashboardStats>().overdueActions;
    const before = await count();
    expect(before).toBe((await listed('overdue=true&limit=200')).length);

    const late = await createAction({ title: 'late', targetDate: daysFromToday(-1), status: 'waiting' });
    await createAction({ title: 'late but done', targetDate: daysFromToday(-1), status: 'verified' });
    await createAction({ title: 'due today', targetDate: daysFromToday(0) });
    expect(await count()).toBe(before + 1);
    await sendAs(t.app, admin.cookie, 'PATCH', `/api/actions/${late.id}`, { status: 'closed' });
    expect(await count()).toBe(before);
  });
});

// Last: the clock only moves forward.
describe('the calendar', () => {
  it('turns an action overdue when the day after its target date begins, in every answer and the count', async () => {
    const action = await createAction({ title: 'calendar turns', targetDate: today() });
    const overdueCount = async () => (await getJson(t.app, '/api/dashboard/stats', admin.cookie)).json<DashboardStats>().overdueActions;
    const countBefore = await overdueCount();
    expect((await detail(action.id)).overdue).toBe(false);

    // 23:59 on the target date: still on time.
    await advanceClock(Date.parse(`${today()}T23:59:00Z`) - t.clock.now().getTime());
    expect((await detail(action.id)).overdue).toBe(false);
    expect((await listed('overdue=true&limit=200')).map((a) => a.id)).not.toContain(action.id);

    // Midnight: overdue everywhere, and counted.
    await advanceClock(60_000);
    expect((await detail(action.id)).overdue).toBe(true);
    expect((await listed('overdue=true&limit=200')).map((a) => a.id)).toContain(action.id);
    expect((await listed('search=calendar%20turns')).map((a) => a.overdue)).toEqual([true]);
    // It and every other action due yesterday (the day that just ended).
    const dueYesterday = (await listed('limit=200')).filter((a) => a.targetDate === action.targetDate && a.overdue).length;
    expect(dueYesterday).toBeGreaterThan(1);
    expect(await overdueCount()).toBe(countBefore + dueYesterday);
    expect(await overdueCount()).toBe((await listed('overdue=true&limit=200')).length);
  });

  it("judges by the organisation's date, not UTC's: in summer an action turns overdue at 23:00 UTC", async () => {
    // 30 June 2027, 22:30 UTC = 23:30 in London (BST).
    await advanceClock(Date.parse('2027-06-30T22:30:00Z') - t.clock.now().getTime());
    const action = await createAction({ title: 'summer midnight', targetDate: '2027-06-30' });
    expect(action.overdue).toBe(false);
    // 23:30 UTC: still 30 June in UTC, already 1 July in London.
    await advanceClock(60 * 60_000);
    expect(t.clock.now().toISOString().slice(0, 10)).toBe('2027-06-30');
    expect((await detail(action.id)).overdue).toBe(true);
    expect((await listed('overdue=true&sort=target&limit=200')).map((a) => a.id)).toContain(action.id);
  });
});
