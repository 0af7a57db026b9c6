import { describe, expect, it } from 'vitest';
import { areaLimitSentence, areaNames } from './areas';

const named = (...names: string[]) => names.map((name) => ({ name }));

describe('areaNames', () => {
  it('is empty for no areas', () => {
    expect(areaNames([])).toBe('');
  });
  it('names one or two areas', () => {
    expect(areaNames(named('North Site'))).toBe('North Site');
    expect(areaNames(named('North Site', 'South Site'))).toBe('North Site and South Site');
  });
  it('lists three with commas and "and"', () => {
    expect(areaNames(named('A', 'B', 'C'))).toBe('A, B and C');
  });
  it('sums up areas beyond the third', () => {
    expect(areaNames(named('A', 'B', 'C', 'D'))).toBe('A, B, C and 1 other area');
    expect(areaNames(named('A', 'B', 'C', 'D', 'E'))).toBe('A, B, C and 2 other areas');
  });
});

describe('areaLimitSentence', () => {
  it('reads as the server refusal does', () => {
    expect(areaLimitSentence(named('North Site'))).toBe('Your access is limited to North Site.');
  });
});
