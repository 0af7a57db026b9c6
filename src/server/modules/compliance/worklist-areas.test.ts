import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createClock, createdBy, createTestApp, getJson, registerUser, sendAs, type TestApp } from '../../../../tests/setup/test-app';
import type { Obligation, ObligationWorkItem, Regime } from '../../../shared/contract/compliance';

/**
 * The work list limited to places (ADR 025, "Scale and speed"): a small area is read whole through
 * the location index, a large one (a region) by walking the estate's list in due order. Both must
 * give exactly the subtree's obligations, soonest due first, paged without gaps or repeats.
 */

let t: TestApp;
let admin: string;
let regimes: Map<string, Regime>;

const send = (method: InjectOptions['method'], url: string, body?: unknown) => sendAs(t.app, admin, method, url, body);
const place = async (name: string, type: string, parentId?: string) => (await createdBy(send('POST', '/api/locations', { name, type, ...(parentId && { parentId }) }))).id as string;
const oblige = (regimeKey: string, locationId: string) => createdBy<Obligation>(send('POST', '/api/obligations', { regimeId: regimes.get(regimeKey)!.id, locationId }));
const inspect = (o: Obligation, performedOn: string) => createdBy(send('POST', '/api/inspections', { obligationId: o.id, performedOn, result: 'pass' }));

async function listAll(query: string): Promise<ObligationWorkItem[]> {
  const items: ObligationWorkItem[] = [];
  let cursor: string | undefined;
  do {
    const res = await getJson(t.app, `/api/compliance/obligations?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    items.push(...res.json<ObligationWorkItem[]>());
    cursor = res.headers['x-next-cursor'] as string | undefined;
  } while (cursor);
  return items;
}

const regions: Record<string, string> = {};
const buildings: string[] = [];
const obligationsIn = new Map<string, Obligation[]>();

beforeAll(async () => {
  t = await createTestApp({ clock: createClock(new Date('2025-06-15T10:00:00Z')) });
  ({ cookie: admin } = await registerUser(t.app, { role: 'org_admin' }));
  regimes = new Map((await getJson(t.app, '/api/compliance/regimes', admin)).json<Regime[]>().map((r) => [r.key, r]));
  // Two regions of six buildings each: a region is half the estate, a building one location of 28.
  for (const region of ['East', 'West']) {
    regions[region] = await place(region, 'region');
    for (let s = 0; s < 2; s++) {
      const site = await place(`${region} site ${s}`, 'site', regions[region]);
      for (let b = 0; b < 3; b++) buildings.push(await place(`${region} ${s}.${b}`, 'building', site));
    }
  }
  // Each building: an overdue gas check, an EICR in date, and a fire risk assessment never done.
  for (const [i, building] of buildings.entries()) {
    const gas = await oblige('gas_safety', building);
    await inspect(gas, `2024-0${1 + (i % 5)}-1${i % 10}`);
    const eicr = await oblige('eicr', building);
    await inspect(eicr, `2025-0${1 + (i % 5)}-0${1 + (i % 9)}`);
    obligationsIn.set(building, [gas, eicr, await oblige('fire_risk_assessment', building)]);
  }
});
afterAll(() => t?.close());

describe('the work list of a place', () => {
  it('reads a building (a small area) and a region (a large one) to the same rules', async () => {
    const east = buildings.slice(0, 6);
    for (const [placeId, inside] of [
      [buildings[7]!, [buildings[7]!]],
      [regions.East!, east],
    ] as const) {
      const expected = inside.flatMap((b) => obligationsIn.get(b)!.map((o) => o.id));
      const all = await listAll(`&locationId=${placeId}`);
      expect(all.map((o) => o.id).sort()).toEqual([...expected].sort());
      // Soonest due first, never evidenced last.
      const dues = all.map((o) => o.nextDueOn ?? '9999-12-31');
      expect(dues).toEqual([...dues].sort());

      const overdue = await listAll(`&locationId=${placeId}&status=overdue`);
      expect(overdue.map((o) => o.id).sort()).toEqual(inside.map((b) => obligationsIn.get(b)![0]!.id).sort());
      expect(overdue.every((o) => o.status === 'overdue' && o.daysOverdue > 0)).toBe(true);
    }
  });

  it('reads one regime or one category, in a building, a region or the whole estate, to the same rules', async () => {
    const eicr = regimes.get('eicr')!.id;
    for (const [place, inside] of [
      [`&locationId=${buildings[7]!}`, [buildings[7]!]],
      [`&locationId=${regions.East!}`, buildings.slice(0, 6)],
      ['', buildings],
    ] as const) {
      const nth = (k: number) => inside.map((b) => obligationsIn.get(b)![k]!.id).sort();
      for (const [filter, expected] of [
        ['&category=gas', nth(0)],
        [`&regimeId=${eicr}`, nth(1)],
        [`&category=electrical&regimeId=${eicr}`, nth(1)],
        [`&category=gas&regimeId=${eicr}`, []],
        ['&category=fire&status=unknown', nth(2)],
      ] as const) {
        const all = await listAll(`${place}${filter}`);
        expect(all.map((o) => o.id).sort(), `${place}${filter}`).toEqual(expected);
        const dues = all.map((o) => o.nextDueOn ?? '9999-12-31');
        expect(dues).toEqual([...dues].sort());
      }
    }
  });

  it('limits an area manager of one region to it, whichever way it is read', async () => {
    const { cookie, user } = await registerUser(t.app, { role: 'area_manager' });
    const limited = await send('PATCH', `/api/users/${user.id}`, { areaLocationIds: [regions.West!] });
    expect(limited.statusCode, limited.body).toBe(200);
    const res = await getJson(t.app, '/api/compliance/obligations?status=overdue&limit=200', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const west = buildings.slice(6).map((b) => obligationsIn.get(b)![0]!.id);
    expect(res.json<ObligationWorkItem[]>().map((o) => o.id).sort()).toEqual(west.sort());
  });
});
