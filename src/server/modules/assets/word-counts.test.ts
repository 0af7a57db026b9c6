import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, getJson, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import { assets } from '../../db/schema';
import { NEXT_CURSOR_HEADER } from '../../../shared/contract/common';
import type { AssetListItem } from '../../../shared/contract/assets';
import { letterRuns, recountWords } from './word-counts';
import { countedSearchQuery, LIST_SEARCH_CHOICE, listSearchChoice } from './list-search';
import { containsPattern } from '../../db/like';

let t: TestApp;
let cookie: string;

const CONDITIONS = ['good', 'fair', 'poor'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const registered = await registerUser(t.app, { fullName: 'Wendy Words' });
  cookie = registered.cookie;
  const location = await insertLocation(t.db, { name: 'Counting House' });
  const asset = (make: string, i: number) => ({
    type: 'other' as const,
    condition: CONDITIONS[i % 3]!,
    make,
    model: `Model ${i}`,
    locationId: location.id,
    locationPath: location.path,
    createdBy: registered.user.id,
    // Several share a time, so pages also have to order by id.
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(i / 3))),
  });
  await t.db.insert(assets).values([
    ...Array.from({ length: 60 }, (_, i) => asset('Quorvex', i)),
    ...Array.from({ length: 3 }, (_, i) => asset('Zintaro', i)),
  ]);
});
afterAll(() => t.close());

/** Every page of GET /api/assets for `query`, 25 at a time, as ids in the order listed. */
async function listAll(query: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await getJson(t.app, `/api/assets?limit=25&${query}${cursor ? `&cursor=${cursor}` : ''}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(...res.json<AssetListItem[]>().map((a) => a.id));
    cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
  } while (cursor);
  return ids;
}

async function expectedIds(where: string): Promise<string[]> {
  const { rows } = await t.db.$client.query<{ id: string }>(`SELECT id FROM assets WHERE ${where} ORDER BY created_at DESC, id DESC`);
  return rows.map((r) => r.id);
}

const recountAndAnalyse = async () => {
  expect(await recountWords(t.db)).toBe(true);
  await t.ownerDb.execute(sql`ANALYZE assets`);
};

describe('asset word counts', () => {
  it('takes the runs of 3 or more letters of a search, lower-cased', () => {
    expect(letterRuns('Kone lift-2 KONE')).toEqual(['kone', 'lift']);
    expect(letterRuns('AST-000123')).toEqual(['ast']);
    expect(letterRuns('ab 12')).toEqual([]);
    expect(letterRuns('Gebäude Øst')).toEqual(['gebäude', 'øst']);
  });

  it('counts every asset holding each word (all of them below 20,000 assets), also after a bulk load', async () => {
    await recountWords(t.db);
    const counts = async () =>
      (await t.db.$client.query<{ word: string; assets: number }>(`SELECT word, assets FROM asset_word_counts WHERE word IN ('quorvex', 'zintaro', 'counting') ORDER BY word`)).rows;
    const expected = [
      { word: 'counting', assets: 63 },
      { word: 'quorvex', assets: 60 },
      { word: 'zintaro', assets: 3 },
    ];
    expect(await counts()).toEqual(expected);
    await t.db.execute(sql`DELETE FROM asset_word_counts`);
    await t.ownerDb.execute(sql`SELECT rebuild_register_aggregates()`);
    expect(await counts()).toEqual(expected);
  });

  it('tells a rare search from a common one by the counts and the size of the register', async () => {
    const isRare = async (search: string, pageRows: number) => {
      const { rows } = await t.db.$client.query<{ rare: boolean }>(`SELECT rare FROM (${LIST_SEARCH_CHOICE}) AS q`, [
        containsPattern(search),
        letterRuns(search).map(containsPattern),
        pageRows,
      ]);
      return rows[0]!.rare;
    };
    await t.db.execute(sql`DELETE FROM asset_word_counts`);
    // Not counted yet: taken as rare, which is right for any new word.
    expect(await isRare('quorvex', 51)).toBe(true);
    await recountAndAnalyse();
    // √(51 × 63 assets) ≈ 57: 60 assets is common, 3 rare; a phrase is as rare as its rarest run.
    expect(await isRare('quorvex', 51)).toBe(false);
    expect(await isRare('zintaro', 51)).toBe(true);
    expect(await isRare('quorvex zintaro', 51)).toBe(true);
    expect(await isRare('orve', 51)).toBe(false);
    // A bigger page makes the walk dearer: √(70 × 63) ≈ 66.
    expect(await isRare('quorvex', 70)).toBe(true);
  });

  it('reads a one-word search in a few letter runs from the run index, in lists without other filters', async () => {
    const usesRuns = async (search: string, withRuns = true) => {
      const { rows } = await t.db.$client.query<{ use_runs: boolean }>(`SELECT use_runs FROM (${listSearchChoice(withRuns)}) AS q`, [
        containsPattern(search),
        letterRuns(search).map(containsPattern),
        51,
      ]);
      return rows[0]!.use_runs;
    };
    expect(await usesRuns('Quorvex')).toBe(true);
    expect(await usesRuns('nowhere')).toBe(true); // in no run: nothing to read
    expect(await usesRuns('quorvex', false)).toBe(false); // a filtered list
    expect(await usesRuns('quorvex zintaro')).toBe(false);
    expect(await usesRuns('l 1')).toBe(false);
    expect(await usesRuns('qu')).toBe(false);
  });

  it('keeps one generic plan per connection for each filter shape, whatever the word', async () => {
    // A register-sized list of runs: with a few dozen, any estimate of the lookup is cheap.
    await t.db.execute(sql`INSERT INTO search_runs (word) SELECT 'zz' || md5(i::text) FROM generate_series(1, 30000) AS i`);
    await t.ownerDb.execute(sql`ANALYZE search_runs`);
    const client = await t.db.$client.connect();
    try {
      const shapes = [{}, { condition: 'good' as const }];
      for (const filters of shapes) {
        for (const word of ['quorvex', 'zintaro', 'nowhere', 'odel', 'quorvex', 'zintaro', 'counting', 'quorvex']) {
          await client.query(countedSearchQuery(word, filters, 26)!);
        }
      }
      const { rows } = await client.query<{ name: string; generic_plans: string }>(
        "SELECT name, generic_plans FROM pg_prepared_statements WHERE name LIKE 'asset_search%' ORDER BY name",
      );
      // PostgreSQL plans the first five executions for their values, then keeps the generic plan
      // unless it looks dearer than they did; had it, every search would be planned again.
      expect(rows.map((r) => [r.name, Number(r.generic_plans)])).toEqual([
        ['asset_search', 3],
        ['asset_search_condition', 3],
      ]);
    } finally {
      client.release();
    }
  });

  it('lists the same pages whichever plan the counts choose, with filters and cursors', async () => {
    await t.db.execute(sql`DELETE FROM asset_word_counts`);
    const queries: Array<[string, string]> = [
      // One word of letters and no filter: the letter-run index answers, whatever the counts.
      ['search=quorvex', `search_text LIKE '%quorvex%'`],
      ['search=odel', `search_text LIKE '%odel%'`],
      ['search=Counting', `search_text LIKE '%counting%'`],
      ['search=QUORVEX&condition=poor', `search_text LIKE '%quorvex%' AND condition = 'poor'`],
      ['search=zintaro&type=other', `search_text LIKE '%zintaro%'`],
      ['search=quorvex&condition=good&type=other&status=draft', `search_text LIKE '%quorvex%' AND condition = 'good' AND status = 'draft'`],
      // No run of 3 letters to count: PostgreSQL plans it for its value.
      ['search=l 1', `search_text LIKE '%l 1%'`],
    ];
    const asRare = await Promise.all(queries.map(([query]) => listAll(query)));
    await recountAndAnalyse();
    for (const [i, [query, where]] of queries.entries()) {
      const expected = await expectedIds(where);
      expect(expected.length).toBeGreaterThan(0);
      expect(asRare[i], query).toEqual(expected);
      expect(await listAll(query), query).toEqual(expected);
    }
  });
});
