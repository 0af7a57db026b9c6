import { describe, expect, it } from 'vitest';
import { alreadyOnServer, differingFields, sameValue } from './conflict-fields';

describe('comparing an edit with the record on the server', () => {
  it('takes blank, null and absent as the same cleared value', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('', 'Sam')).toBe(false);
    expect(sameValue(null, 0)).toBe(false);
  });

  it('compares dates and points in time as instants', () => {
    expect(sameValue('2026-12-01', '2026-12-01T00:00:00.000Z')).toBe(true);
    expect(sameValue('2026-12-01T10:00:00Z', '2026-12-01T11:00:00.000+01:00')).toBe(true);
    expect(sameValue('2026-12-01', '2026-12-02')).toBe(false);
    // Text that only starts like a date is text.
    expect(sameValue('2026-12-01 boiler', '2026-12-01 boiler')).toBe(true);
    expect(sameValue('2026-12-01 boiler', '2026-12-01')).toBe(false);
  });

  it('compares JSON fields by content, whatever the order of their keys', () => {
    expect(sameValue({ b: 1, a: { y: 2, x: [1, 2] } }, { a: { x: [1, 2], y: 2 }, b: 1 })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: 1 }, '{"a":1}')).toBe(false);
  });

  it('compares numbers and text by what they read as', () => {
    expect(sameValue(12, '12')).toBe(true);
    expect(sameValue('High', 'high')).toBe(false);
  });

  it("lists the edit's fields that differ, in its order, a field the record lacks among them", () => {
    const current = { title: 'Bleed the radiators', priority: 'medium', assignee: null, targetDate: '2026-12-01' };
    expect(differingFields({ priority: 'high', title: 'Bleed the radiators', assignee: '', targetDate: '2026-12-08', cost: 3 }, current)).toEqual(['priority', 'targetDate', 'cost']);
    expect(alreadyOnServer({ title: 'Bleed the radiators', assignee: '' }, current)).toBe(true);
    expect(alreadyOnServer({ priority: 'high' }, current)).toBe(false);
  });
});
