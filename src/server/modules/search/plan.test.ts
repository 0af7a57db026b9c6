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
}

const sample = (counts: Partial<SampleCounts>): SampleCounts => ({ seen: SAMPLE_ROWS, hits: 0, parts: [], tableRows: 100_000, ...counts });

/** The plan the statement would choose from this sample, evaluated by PostgreSQL. */
async function choosePlan(counts: SampleCounts, options: { rows: number; countTo?: number; filtered?: boolean }): Promise<SearchPlan> {
  const { rows, countTo, filtered } = options;
  const code = chosenPlanSql(
    { seen: sql`${counts.seen}::bigint`, whole: sql`${counts.seen < SAMPLE_ROWS}::boolean`, hits: sql`${counts.hits}::bigint`, parts: counts.parts.map((n) => sql`${n}::bigint`), tableRows: sql`${counts.tableRows}::float8` },
    {
      rows: sql`${rows}::int`,
      needed: sql`${Math.max(rows, countTo === undefined ? 0 : countTo + 1)}::int`,
      countLimit: countTo === undefined ? undefined : sql`${countTo + 1}::int`,
      filtered,
    },
  );
  const { rows: answer } = await t.db.execute<{ code: number }>(sql`SELECT ${code} AS code`);
  return planOfCode(Number(answer[0]!.code));
}

describe('plan codes', () => {
  it('number every plan, and read back as the same plan', () => {
    const plans: SearchPlan[] = [{ kind: 'walk' }, { kind: 'scan' }, { kind: 'bitmap', driver: 0 }, { kind: 'walk', countBy: 0 }, { kind: 'bitmap', driver: 3 }, { kind: 'walk', countBy: 3 }];
    expect(plans.map(codeOfPlan)).toEqual([0, 1, 2, 3, 8, 9]);
    expect(plans.map((plan) => planOfCode(codeOfPlan(plan)))).toEqual(plans);
  });
});

describe('the chosen plan', () => {
  it('walks a list the sample saw whole: there is nothing more to read', async () => {
    expect(await choosePlan(sample({ seen: 150, hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'walk' });
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

  it('never takes the table for smaller than the sample (statistics not yet gathered)', async () => {
    expect(await choosePlan(sample({ tableRows: 0, hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
  });
});
