import { describe, expect, it } from 'vitest';
import { choosePlan, SAMPLE_ROWS, type SampleCounts } from './plan';

const sample = (counts: Partial<SampleCounts>): SampleCounts => ({ seen: SAMPLE_ROWS, hits: 0, parts: [], tableRows: 100_000, ...counts });

describe('choosePlan', () => {
  it('walks a list the sample saw whole: there is nothing more to read', () => {
    expect(choosePlan(sample({ seen: 150, hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'walk' });
  });

  it('walks a common query and reads a rare one through the trigram index', () => {
    expect(choosePlan(sample({ hits: 40, parts: [40] }), { rows: 51 })).toEqual({ kind: 'walk' });
    expect(choosePlan(sample({ hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('drives the bitmap with the part fewest sampled rows hold', () => {
    // `ast-012345`: every code holds `ast`, hardly any `012345`.
    expect(choosePlan(sample({ hits: 0, parts: [SAMPLE_ROWS, 0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 1 });
  });

  it('changes plan where the costs cross: about 1.2 % of 100,000 rows for a page of 51', () => {
    // walk ≈ 51 ÷ share rows, bitmap ≈ 3.4 × 100,000 × share: equal at a share of ~1.2 %.
    expect(choosePlan(sample({ hits: 2, parts: [2] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
    expect(choosePlan(sample({ hits: 3, parts: [3] }), { rows: 51 })).toEqual({ kind: 'walk' });
    // A page of 101 needs twice the rows walked, so the bitmap wins longer.
    expect(choosePlan(sample({ hits: 3, parts: [3] }), { rows: 101 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('walks for a counted list\'s page and counts through the index when the query is in a few per cent', () => {
    // ~2 %: walking to the 101st match reads ~5,000 rows, the bitmap every match (~2,000 × 3.4); the
    // page of 20 ~1,000 rows and the count the driver's index entry and ~101 of its records.
    expect(choosePlan(sample({ hits: 4, parts: [4] }), { rows: 20, countTo: 100 })).toEqual({ kind: 'walk', countBy: 0 });
    // Common: the walk reaches 101 matches soon. Rare: the bitmap reads every match at once.
    expect(choosePlan(sample({ hits: 120, parts: [120] }), { rows: 20, countTo: 100 })).toEqual({ kind: 'walk' });
    expect(choosePlan(sample({ hits: 0, parts: [0] }), { rows: 20, countTo: 100 })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('walks a filtered list less readily: its rows are spread over the table', () => {
    expect(choosePlan(sample({ hits: 3, parts: [3] }), { rows: 51 })).toEqual({ kind: 'walk' });
    expect(choosePlan(sample({ hits: 3, parts: [3] }), { rows: 51, filtered: true })).toEqual({ kind: 'bitmap', driver: 0 });
  });

  it('scans a rare query the index cannot look up, and walks a common one', () => {
    expect(choosePlan(sample({ hits: 0, parts: [] }), { rows: 51 })).toEqual({ kind: 'scan' });
    expect(choosePlan(sample({ hits: 30, parts: [] }), { rows: 51 })).toEqual({ kind: 'walk' });
  });

  it('never takes the table for smaller than the sample (statistics not yet gathered)', () => {
    expect(choosePlan(sample({ tableRows: 0, hits: 0, parts: [0] }), { rows: 51 })).toEqual({ kind: 'bitmap', driver: 0 });
  });
});
