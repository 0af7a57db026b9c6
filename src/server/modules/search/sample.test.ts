import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertLocation } from '../../../../tests/factories/register';
import { eq } from 'drizzle-orm';
import { assets } from '../../db/schema';
import { findMatches } from './matches';
import { matchOf } from './query';
import { assetSource } from '../assets/list-columns';
import { SAMPLE_ROWS, WIDE_SAMPLE_ROWS } from './plan';

let t: TestApp;

/**
 * 1,300 assets, newest first: the newest 200 hold `quokka` twice and `koala` in every other row;
 * the 1,100 before them hold `quokka` in every tenth row and `wombat` in every fifth.
 */
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await registerUser(t.app);
  const site = await insertLocation(t.db, { name: 'Sample Site' });
  const start = Date.UTC(2026, 0, 1);
  const rows = Array.from({ length: 1_300 }, (_, i) => {
    const newest = i >= 1_100;
    const words = newest ? [i % 100 === 0 ? 'quokka' : '', i % 2 === 0 ? 'koala' : ''] : [i % 10 === 0 ? 'quokka' : '', i % 5 === 0 ? 'wombat' : ''];
    return {
      type: 'other' as const,
      condition: 'good' as const,
      locationId: site.id,
      locationPath: site.path,
      createdBy: user.id,
      make: 'Sampled',
      description: words.filter(Boolean).join(' ') || null,
      createdAt: new Date(start + i * 60_000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(assets).values(rows.slice(i, i + 500));
});
afterAll(() => t.close());

const find = async (q: string) => (await findMatches(t.db, [{ source: assetSource, match: matchOf(q), rows: 51 }]))[0]!;

describe('the sample a plan is chosen from', () => {
  it('is the first rows when they hold none or many matches', async () => {
    expect((await find('wombat')).sampled).toBe(SAMPLE_ROWS);
    expect((await find('koala')).sampled).toBe(SAMPLE_ROWS);
  });

  it('widens when the first rows hold too few matches to tell the plans apart', async () => {
    // 2 of the newest 200 hold `quokka`, but 1 in 10 of the rows before them.
    const found = await find('quokka');
    expect(found.sampled).toBe(WIDE_SAMPLE_ROWS);
    expect(found.rows).toHaveLength(51);
  });

  it('widens on a filtered list only when its filter keeps the rows in order', async () => {
    const byCondition = eq(assets.condition, 'good');
    const filtered = (ordered: boolean) =>
      findMatches(t.db, [{ source: assetSource, match: matchOf('quokka'), where: byCondition, filtered: true, indexedFilters: [byCondition], ordered, rows: 51 }]);
    const [inOrder] = await filtered(true);
    expect(inOrder!.sampled).toBe(WIDE_SAMPLE_ROWS);
    const [unordered] = await filtered(false);
    expect(unordered!.sampled).toBe(SAMPLE_ROWS);
    expect(unordered!.rows).toEqual(inOrder!.rows);
  });
});
