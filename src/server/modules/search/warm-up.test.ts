import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import { assets } from '../../db/schema';
import { assetsRepo } from '../assets/assets.repo';
import { globalSearch } from './global-search';
import { warmUpSearch } from './warm-up';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const { user } = await registerUser(t.app);
  const site = await insertLocation(t.db, { name: 'Warm Site' });
  await t.db
    .insert(assets)
    .values({ type: 'other', condition: 'good', locationId: site.id, locationPath: site.path, createdBy: user.id, make: 'Kone', model: 'MonoSpace 500' });
});
afterAll(() => t.close());

/** The search statements each of `connections` search connections has prepared, by name. */
async function preparedOnEach(connections: number): Promise<Set<string>[]> {
  const clients: pg.PoolClient[] = [];
  try {
    for (let i = 0; i < connections; i++) clients.push(await t.db.$search.connect());
    return await Promise.all(
      clients.map(async (client) => {
        const { rows } = await client.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'search\\_%'`);
        return new Set(rows.map((r) => r.name));
      }),
    );
  } finally {
    for (const client of clients) client.release();
  }
}

it('prepares the common search shapes on every search connection, and searches find the same afterwards', async () => {
  const before = await globalSearch(t.db, t.clock.now).search('kone 500');
  const { connections, searches } = await warmUpSearch(t.db, 2);
  expect(connections).toBe(2);
  expect(searches).toBeGreaterThan(2 * 40);

  const prepared = await preparedOnEach(2);
  // Every shape went to both connections: the asset list plain and filtered, the actions list and
  // the global search (with and without corrections) for each query shape.
  expect(prepared[0]!.size).toBeGreaterThan(40);
  expect([...prepared[1]!].sort()).toEqual([...prepared[0]!].sort());

  // A query of a warmed shape (two words, the second with a bigram) uses a statement already
  // prepared: the number of prepared statements does not grow.
  const found = await assetsRepo(t.db).list({ search: 'kone 50', limit: 50 });
  expect(found).toHaveLength(1);
  const after = await preparedOnEach(2);
  expect(after.map((names) => names.size)).toEqual(prepared.map((names) => names.size));

  expect(await globalSearch(t.db, t.clock.now).search('kone 500')).toEqual(before);
});
