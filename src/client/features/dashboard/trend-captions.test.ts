import { describe, expect, it } from 'vitest';
import { growthCaption, highPriorityCaption, overdueCaption, shareCaption } from './trend-captions';

describe('dashboard trend captions', () => {
  it('reports growth against the end of last month', () => {
    expect(growthCaption({ totalAssets: 112, assetsAtEndOfLastMonth: 100 })).toBe('+12% from last month');
    expect(growthCaption({ totalAssets: 90, assetsAtEndOfLastMonth: 100 })).toBe('−10% from last month');
    expect(growthCaption({ totalAssets: 100, assetsAtEndOfLastMonth: 100 })).toBe('No change from last month');
    expect(growthCaption({ totalAssets: 0, assetsAtEndOfLastMonth: 0 })).toBe('No change from last month');
    expect(growthCaption({ totalAssets: 7, assetsAtEndOfLastMonth: 0 })).toBe('+7 new this month');
    expect(growthCaption({ totalAssets: 1001, assetsAtEndOfLastMonth: 1000 })).toBe('+<1% from last month');
  });

  it('gives the share of the total, 0% of nothing', () => {
    expect(shareCaption(85, 100)).toBe('85% of total');
    expect(shareCaption(2, 3)).toBe('67% of total');
    expect(shareCaption(0, 0)).toBe('0% of total');
  });

  it('counts high-priority open actions', () => {
    expect(highPriorityCaption(23)).toBe('23 high priority');
  });

  it('counts overdue actions', () => {
    expect(overdueCaption(5)).toBe('5 overdue');
    expect(overdueCaption(0)).toBe('0 overdue');
    expect(overdueCaption(12345)).toBe('12,345 overdue');
  });
});
