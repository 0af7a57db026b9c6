import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { chosenPlanSql, codeOfPlan, planOfCode, SAMPLE_ROWS, type SearchPlan } from './plan';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface SampleCounts {
  seen: number;
  hits: number;
  parts: number[];
  tableRows: number;
  /** A filtered list's sample of the whole table. */
  table?: { seen: number; listed: number; parts: number[]; filters: number[] };
}

const sample = (counts: Partial<SampleCounts>): SampleCounts => ({ seen: SAMPLE_ROWS, hits: 0, parts: [], tableRows: 100_000, ...counts });

const count = (n: number) => sql`${n}::bigint`;

/** The plan the statement would choose from this sample, evaluated by PostgreSQL. */
async function choosePlan(counts: SampleCounts, options: { rows: number; countTo?: number; filtered?: boolean; direct?: boolean }): Promise<SearchPlan> {
  const { rows, countTo, filtered, direct } = options;
  const code = chosenPlanSql(
    {
      seen: sql`${counts.seen}::bigint`,
      whole: sql`${counts.seen < SAMPLE_ROWS}::boolean`,
      hits: sql`${counts.hits}::bigint`,
      parts: counts.parts.map(count),
      tableRows: sql`${counts.tableRows}::float8`,
      table: counts.table && { seen: count(counts.table.seen), listed: count(counts.table.listed), parts: counts.table.parts.map(count), filters: counts.table.filters.map(count) },
    },
    {
      rows: sql`${rows}::int`,
      needed: sql`${Math.max(rows, countTo === undefined ? 0 : countTo + 1)}::int`,
      countLimit: countTo === undefined ? undefined : sql`${countTo + 1}::int`,
      filtered,
      direct,
    },
  );
  const { rows: answer } = await t.db.execute<{ code: number }>(sql`SELECT ${code} AS code`);
  return planOfCode(Number(answer[0]!.code));
}

describe('plan codes', () => {
  it('number every plan, and read back as the same plan', () => {
    const plans: SearchPlan[] = [
      { kind: 'walk' },
      { kind: 'scan' },
      { kind: 'bitmap', driver: 0 },
      { kind: 'walk', countBy: 0 },
      { kind: 'bitmap', driver: 0, alone: true },
      { kind: 'bitmap', driver: 3 },
      { kind: 'walk', countBy: 3 },
      { kind: 'bitmap', driver: 3, alone: true },
    ];
    expect(plans.map(codeOfPlan)).toEqual([0, 1, 2, 3, 4, 11, 12, 13]);
    expect(plans.map((plan) => planOfCode(codeOfPlan(plan)))).toEqual(plans);
  });
});

describe('the chosen plan', () => {
  it('walks a list the sample saw whole: there is nothing more to read', async () => {
    expect(await choosePlan(sample({ seen: 150, hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'walk' });
    // A small area of a table that small is read whole: its statement holds no walk.
    const tiny = sample({ seen: 150, hits: 0, parts: [0], table: { seen: 150, listed: 10, parts: [0], filters: [] } });
    expect(await choosePlan(tiny, { rows: 51, filtered: true, direct: true })).toEqual({ kind: 'scan' });
  });

  it('walks a common query and reads a rare one through the trigram index', async () => {
    expect(await choosePlan(sample({ hits: 40, parts: [40] }), { rows: 51 })).toEqual({ kind: 'walk' });
    expect(await choosePlan(sample({ hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('drives the bitmap with the part fewest sampled rows hold', async () => {
    // `ast-012345`: every code holds `ast`, hardly any `012345`.
    expect(await choosePlan(sample({ hits: 0, parts: [SAMPLE_ROWS, 0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 1 });
  });

  it('changes plan where the costs cross: about 2 % of 100,000 rows for a page of 51', async () => {
    // walk ≈ 51 ÷ share rows, priced at the share less one standard error (hits − √hits of 200);
    // bitmap ≈ 3.4 × 100,000 × share: equal between 3 and 4 sampled hits.
    expect(await choosePlan(sample({ hits: 3, parts: [3] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
    expect(await choosePlan(sample({ hits: 4, parts: [4] }), { rows: 51 })).toEqual({ kind: 'walk' });
    // A page of 101 needs twice the rows walked, so the bitmap wins longer.
    expect(await choosePlan(sample({ hits: 4, parts: [4] }), { rows: 101 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('walks for a counted list\'s page and counts through the index when the query is in a few per cent', async () => {
    // ~2 %: walking to the 101st match reads ~5,000 rows, the bitmap every match (~2,000 × 3.4); the
    // page of 20 ~1,000 rows and the count the driver's index entry and ~101 of its records.
    expect(await choosePlan(sample({ hits: 4, parts: [4] }), { rows: 20, countTo: 100 })).toEqual({ kind: 'walk', countBy: 0 });
    // Common: the walk reaches 101 matches soon. Rare: the bitmap reads every match at once.
    expect(await choosePlan(sample({ hits: 120, parts: [120] }), { rows: 20, countTo: 100 })).toEqual({ kind: 'walk' });
    expect(await choosePlan(sample({ hits: 0, parts: [0] }), { rows: 20, countTo: 100 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('walks a filtered list less readily: its rows are spread over the table', async () => {
    expect(await choosePlan(sample({ hits: 5, parts: [5] }), { rows: 51 })).toEqual({ kind: 'walk' });
    expect(await choosePlan(sample({ hits: 5, parts: [5] }), { rows: 51, filtered: true })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('walks a query the index cannot look up, or scans it when the list is filtered', async () => {
    // A walked row costs less than a scanned one, so even reading every row the walk is cheaper.
    expect(await choosePlan(sample({ hits: 0, parts: [] }), { rows: 51 })).toEqual({ kind: 'walk' });
    expect(await choosePlan(sample({ hits: 0, parts: [] }), { rows: 51, filtered: true })).toEqual({ kind: 'scan' });
    expect(await choosePlan(sample({ hits: 30, parts: [] }), { rows: 51, filtered: true })).toEqual({ kind: 'walk' });
  });

  it('on a filtered list, ANDs the filter\'s index into a common part\'s bitmap, and tests a rare part\'s records alone', async () => {
    // `kone` with condition=good&type=other: none of the list's or the table's first rows hold it,
    // and the two filters' indexes hold 56 % and 28 % of the table: reading them costs more than
    // testing the few records the trigram index finds.
    const rare = sample({ hits: 0, parts: [0], table: { seen: SAMPLE_ROWS, listed: 31, parts: [0], filters: [112, 55] } });
    expect(await choosePlan(rare, { rows: 51, filtered: true })).toEqual({ kind: 'bitmap', driver: 0, alone: true });
    // `hp` with type=hvac: in 1 of the hvac rows sampled but 27 of the table's, and hvac is 10 %
    // of the table: the type's index narrows the driver's 13,700 records to the list's.
    const common = sample({ hits: 1, parts: [1], table: { seen: SAMPLE_ROWS, listed: 20, parts: [27], filters: [20] } });
    expect(await choosePlan(common, { rows: 51, filtered: true })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('walks a filtered list no further than its rows', async () => {
    // No part to look up, and the list is 10 % of the table: walking its index beats a scan.
    expect(await choosePlan(sample({ hits: 0, parts: [], table: { seen: SAMPLE_ROWS, listed: 20, parts: [], filters: [20] } }), { rows: 51, filtered: true })).toEqual({
      kind: 'walk',
    });
  });

  it('never takes the table for smaller than the sample (statistics not yet gathered)', async () => {
    expect(await choosePlan(sample({ tableRows: 0, hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('reads a small area reached directly whole for a common word, and through the index for a rare one, never by a walk', async () => {
    // A site of 2,500 of 100,000 assets, sampled in the whole table (its share 2.5 %: 5 of 200 rows).
    const site = (hits: number, part: number) => sample({ hits, parts: [part], table: { seen: SAMPLE_ROWS, listed: 5, parts: [part], filters: [] } });
    // `daikin`, in none of the estate's first rows: a few hundred records beat 2,500.
    expect(await choosePlan(site(0, 0), { rows: 6, countTo: 100, filtered: true, direct: true })).toEqual({ kind: 'bitmap', driver: 0, alone: true });
    // A word in 1.5 % of the estate: its 1,500 records read from the table cost more than the site's
    // 2,500 entries of the location index, which carries the text, and the few matches kept.
    expect(await choosePlan(site(3, 3), { rows: 6, countTo: 100, filtered: true, direct: true })).toEqual({ kind: 'scan' });
    // `boiler`, in a tenth of the estate: 10,000 records to sort through, against the site's 2,500.
    expect(await choosePlan(site(20, 20), { rows: 6, countTo: 100, filtered: true, direct: true })).toEqual({ kind: 'scan' });
    // Common everywhere: walked on the estate's list it would be, but a small area is never walked.
    expect(await choosePlan(site(150, 150), { rows: 6, countTo: 100, filtered: true, direct: true })).toEqual({ kind: 'scan' });
  });
});
