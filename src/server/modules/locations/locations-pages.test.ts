import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, getJson, postJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { NEXT_CURSOR_HEADER, type Location } from '../../../shared/contract';
import { LOCATIONS_PAGE_MAX } from '../../../shared/domain';

/** GET /api/locations is bounded per response, with a keyset cursor for the rest. */

let t: TestApp;
let cookie: string;
const BULK = LOCATIONS_PAGE_MAX + 1;

beforeAll(async () => {
  // An app of its own: the row counts below are exactly this file's.
  t = await createTestApp();
  ({ cookie } = await registerUser(t.app));
  // Straight into the table: ten thousand creates through the API would take minutes.
  await t.db.execute(sql`
    INSERT INTO locations (name, type, path)
    SELECT 'Bulk ' || lpad(i::text, 5, '0'), 'site', 'Bulk ' || lpad(i::text, 5, '0') FROM generate_series(1, ${BULK}) AS i`);
});
afterAll(async () => {
  await t?.close();
});

async function page(query: string) {
  const res = await getJson(t.app, `/api/locations${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json<Location[]>(), next: res.headers[NEXT_CURSOR_HEADER] as string | undefined };
}

describe('GET /api/locations pages', () => {
  it(`answers at most ${LOCATIONS_PAGE_MAX} by default, and the cursor brings the rest`, async () => {
    const first = await page('');
    expect(first.items).toHaveLength(LOCATIONS_PAGE_MAX);
    expect(first.items[0]!.name).toBe('Bulk 00001');
    expect(first.items.at(-1)!.name).toBe('Bulk 10000');
    expect(first.next).toBeTruthy();

    const second = await page(`?cursor=${encodeURIComponent(first.next!)}`);
    expect(second.items.map((l) => l.name)).toEqual(['Bulk 10001']);
    expect(second.next).toBeUndefined();
    expect(new Set([...first.items, ...second.items].map((l) => l.id)).size).toBe(BULK);

    // A larger limit is clamped to the bound, not refused.
    expect((await page('?limit=50000')).items).toHaveLength(LOCATIONS_PAGE_MAX);
  });

  it('pages a filtered list with the cursor, whatever characters the names hold', async () => {
    const site = (await postJson(t.app, '/api/locations', { name: 'Paged Site', type: 'site' }, { cookie })).json<Location>();
    const names = ['Wing | 1 🏢', 'Wing | 2 Zoë', 'Wing | 3', 'Wing | 4'];
    for (const name of names) {
      const res = await postJson(t.app, '/api/locations', { name, type: 'building', parentId: site.id }, { cookie });
      expect(res.statusCode, res.body).toBe(201);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    let requests = 0;
    do {
      const result = await page(`?type=building&search=wing&limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...result.items.map((l) => l.name));
      cursor = result.next;
      requests += 1;
    } while (cursor && requests < 5);
    expect(requests).toBe(2);
    expect(seen).toEqual(names);

    const children = await page(`?parentId=${site.id}&limit=2`);
    expect(children.items.map((l) => l.name)).toEqual(names.slice(0, 2));
    const rest = await page(`?parentId=${site.id}&limit=2&cursor=${encodeURIComponent(children.next!)}`);
    expect(rest.items.map((l) => l.name)).toEqual(names.slice(2));
    expect(rest.next).toBeUndefined();
  });

  it('refuses a forged or overlong cursor with 400', async () => {
    const forged = [
      'nope',
      Buffer.from('not-a-uuid|Bulk').toString('base64url'),
      Buffer.from(`${crypto.randomUUID()}|Bulk\u0000`).toString('base64url'),
      'x'.repeat(9000),
    ];
    for (const cursor of forged) {
      const res = await getJson(t.app, `/api/locations?cursor=${encodeURIComponent(cursor)}`, cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/cursor is not valid/);
    }
  });
});
