import { describe, expect, it } from 'vitest';
import type { Reading } from '@shared/contract/meters';
import { consumptionSeries, describeConsumption } from './consumption-series';

let n = 0;
const reading = (day: number, value: number, consumption: number | null, isReset = false): Reading => ({
  id: `r${++n}`,
  meterId: 'm1',
  reading: value,
  readingDate: `2026-10-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  recordedBy: 'u1',
  recordedByName: 'Sam Surveyor',
  notes: null,
  photoUrl: null,
  isReset,
  consumption,
  createdAt: '2026-10-01T12:00:00.000Z',
});

describe('consumptionSeries', () => {
  it('puts bars in date order and skips the first reading, which ends no period', () => {
    const oldestFirst = [reading(1, 100, null), reading(2, 150, 50), reading(3, 230, 80)];
    const points = consumptionSeries([...oldestFirst].reverse());
    expect(points).toEqual([
      { kind: 'bar', id: oldestFirst[1]!.id, date: oldestFirst[1]!.readingDate, value: 50 },
      { kind: 'bar', id: oldestFirst[2]!.id, date: oldestFirst[2]!.readingDate, value: 80 },
    ]);
  });

  it('leaves one gap for a reset between bars, none at the start, and one for consecutive resets', () => {
    const oldestFirst = [
      reading(1, 10, null, true),
      reading(2, 20, 10),
      reading(3, 5, null, true),
      reading(4, 3, null, true),
      reading(5, 9, 6),
    ];
    expect(consumptionSeries([...oldestFirst].reverse()).map((p) => p.kind)).toEqual(['bar', 'gap', 'bar']);
  });

  it('keeps a bar for the oldest loaded reading when the server computed its consumption', () => {
    expect(consumptionSeries([reading(2, 150, 50)])).toHaveLength(1);
    expect(consumptionSeries([])).toEqual([]);
  });
});

describe('describeConsumption', () => {
  it('summarises periods, total, range, latest value and resets', () => {
    const points = consumptionSeries([reading(5, 9, 6), reading(3, 5, null, true), reading(2, 1500, 1000), reading(1, 500, null)]);
    const text = describeConsumption(points, 'kWh');
    expect(text).toMatch(/^Consumption per period \(kWh\): 2 periods ending 2 Oct 2026 to 5 Oct 2026/);
    expect(text).toContain('total 1,006 kWh');
    expect(text).toContain('lowest 6, highest 1,000');
    expect(text).toContain('latest 6 kWh');
    expect(text).toContain('1 meter reset shown as a gap');
  });

  it('says when there is nothing to chart', () => {
    expect(describeConsumption([], 'm³')).toBe('Consumption per period (m³): no periods yet');
  });
});
