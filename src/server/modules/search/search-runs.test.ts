import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset, insertLocation } from '../../../../tests/factories/register';
import { actions, assets, meters } from '../../db/schema';
import type { SearchResponse } from '../../../shared/contract/search';
import { NO_IDS, searchSql } from './search.repo';

// The letter-run index (migration 0011, ADR 016): the global search reads a one-word query's
// matches from it, so it must hold every run of every record, through every kind of write.

let t: TestApp;
let cookie: string;
let userId: string;

/** 120 letters with no repeated 3-letter sequence near each other: its pieces are easy to tell apart. */
const LONG_RUN = Array.from({ length: 120 }, (_, i) => String.fromCharCode(97 + ((i * 7 + Math.floor(i / 26)) % 26))).join('');

beforeAll(async () => {
  t = await createTestApp();
  const { cookie: c, user } = await registerUser(t.app);
  cookie = c;
  userId = user.id;
  const plant = await insertLocation(t.db, { name: 'Plant room' });
  for (let i = 0; i < 23; i++) await insertAsset(t.db, userId, { location: plant, make: 'Grundfos', model: `Magna3 ${i}`, type: 'other' });
  await insertAsset(t.db, userId, { make: 'Café-Bar', model: 'X9000abc', serial: 'SN-zx81qwerty', description: `Notes: ${LONG_RUN}.` });
  await insertAsset(t.db, userId, { make: 'Grundfosplus', description: 'pump set, twin-head' });
  await t.db.insert(actions).values([
    { title: 'Bleed the Grundfos pumps', priority: 'high', createdBy: userId },
    { title: 'Replace café sign', priority: 'low', createdBy: userId },
  ]);
  await t.db.insert(meters).values([
    { meterNumber: 'GAS-PLANT-01', type: 'gas', unit: 'm3', locationId: plant.id, locationPath: plant.path },
    { meterNumber: 'GAS-PLANT-02', type: 'gas', unit: 'm3', locationId: plant.id, locationPath: plant.path },
  ]);
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await getJson(t.app, `/api/search?q=${encodeURIComponent(q)}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
};

/** Every run in the index, as `table word` lines, sorted. */
const indexed = async () => {
  const { rows } = await t.db.$client.query<{ line: string }>(`
    SELECT 'asset ' || word || ' ' || id AS line FROM asset_search_runs
    UNION ALL SELECT 'action ' || word || ' ' || id FROM action_search_runs
    UNION ALL SELECT 'meter ' || word || ' ' || meter_number || ' ' || id FROM meter_search_runs
    ORDER BY 1`);
  return rows.map((r) => r.line);
};

/**
 * One word's lists as the app gets them (the one-run statement, or the counted one when that declines),
 * and from the LIKE statement every other search uses.
 */
const bothWays = async (word: string) => {
  let counted = await t.db.$client.query(searchSql.counted([word], NO_IDS));
  if (counted.rows[0].answered === false) counted = await t.db.$client.query(searchSql.countedLists([word], NO_IDS));
  const scanned = await t.db.execute(searchSql.lists(searchSql.exact([word]), 20));
  const shape = (row: Record<string, unknown>) => ({
    assets: row.assets,
    actions: row.actions,
    meters: row.meters,
    totals: [Number(row.assets_total), Number(row.actions_total), Number(row.meters_total)],
  });
  return { counted: shape(counted.rows[0]), scanned: shape(scanned.rows[0]!) };
};

describe('letter-run search index', () => {
  it('holds runs of 3+ letters a–z, long runs as overlapping 80-letter pieces', async () => {
    const { rows } = await t.db.$client.query<{ runs: string[] }>('SELECT search_runs_of($1) AS runs', [
      `ast-000001 café x9000abc zx81qwerty ab ${LONG_RUN} grundfos grundfos`,
    ]);
    expect(rows[0]!.runs).toEqual(
      ['abc', 'ast', 'caf', 'grundfos', 'qwerty', LONG_RUN.slice(0, 80), LONG_RUN.slice(40, 120)].sort(),
    );
  });

  it('finds the same records, in the same order and with the same counts, as testing every row', async () => {
    const words = ['grundfos', 'magna', 'plant', 'pump', 'qwerty', 'abc', 'caf', LONG_RUN.slice(55, 95), 'gas', 'nothinglikeit'];
    for (const word of words) {
      const { counted, scanned } = await bothWays(word);
      expect(counted, word).toEqual(scanned);
    }
    expect((await bothWays('grundfos')).counted.totals).toEqual([24, 1, 0]);
    expect((await bothWays(LONG_RUN.slice(55, 95))).counted.totals).toEqual([1, 0, 0]);
  });

  it('answers a word in one run with the short statement, and leaves a word in several to the counted one', async () => {
    const answered = async (word: string) => {
      const statement = searchSql.counted([word], NO_IDS);
      expect(statement.name).toBe('search_one_run');
      return (await t.db.$client.query(statement)).rows[0].answered;
    };
    expect(await answered('grundfos')).toBe(false); // grundfos, grundfosplus
    expect(await answered('magna')).toBe(true);
    expect(await answered('nothinglikeit')).toBe(true);
    expect(searchSql.counted(['café'], NO_IDS).name).toBe('search_counted_lists');
    expect(searchSql.counted(['magna', 'grundfos'], NO_IDS).name).toBe('search_counted_lists');
  });

  it('follows edits and deletes of the records', async () => {
    const [asset] = await t.db.select().from(assets).where(eq(assets.make, 'Grundfosplus'));
    expect((await search('twin')).totals.assets).toBe(1);
    await t.db.update(assets).set({ description: 'pump set, duty-standby' }).where(eq(assets.id, asset!.id));
    expect((await search('twin')).totals.assets).toBe(0);
    expect((await search('standby')).assets.map((a) => a.id)).toEqual([asset!.id]);

    await t.db.update(meters).set({ meterNumber: 'GAS-BOILERHOUSE-02' }).where(eq(meters.meterNumber, 'GAS-PLANT-02'));
    expect((await search('boilerhouse')).meters.map((m) => m.meterNumber)).toEqual(['GAS-BOILERHOUSE-02']);
    expect(await indexed()).not.toContainEqual(expect.stringContaining('GAS-PLANT-02'));

    await t.db.delete(actions).where(eq(actions.title, 'Bleed the Grundfos pumps'));
    expect((await search('bleed')).totals.actions).toBe(0);
    await t.db.delete(assets).where(eq(assets.id, asset!.id));
    expect((await search('standby')).totals.assets).toBe(0);
    expect(await indexed()).not.toContainEqual(expect.stringContaining(asset!.id));
  });

  it('rebuilds to exactly what the writes kept', async () => {
    const kept = await indexed();
    expect(kept.length).toBeGreaterThan(50);
    await t.ownerDb.execute(sql`SELECT rebuild_search_runs()`);
    expect(await indexed()).toEqual(kept);
  });

  it('skips rows a bulk load writes, for the load to rebuild once', async () => {
    const store = await insertLocation(t.db, { name: 'Store' });
    // As the owner: a bulk load is the seed's and import's path, not the app's (ADR 019).
    await t.ownerDb.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL app.bulk_load = 'on'`);
      await tx.insert(assets).values({ type: 'other', condition: 'good', make: 'Bulkloaded', locationId: store.id, locationPath: store.path, createdBy: userId });
    });
    expect((await search('bulkloaded')).totals.assets).toBe(0);
    await t.ownerDb.execute(sql`SELECT rebuild_search_runs()`);
    expect((await search('bulkloaded')).totals.assets).toBe(1);
  });

  it('empties with its table', async () => {
    await t.ownerDb.execute(sql`TRUNCATE meters CASCADE`);
    const { rows } = await t.db.$client.query<{ n: string }>('SELECT count(*) AS n FROM meter_search_runs');
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await search('grundfos')).totals.assets).toBe(23); // Grundfosplus was deleted above
  });
});
