import { describe, expect, it } from 'vitest';
import { displayJsonValue, jsonTypeLabel, recordToRows, rowsToRecord } from './key-value-rows';

const mixed = {
  Floor: '2',
  count: 12,
  ratio: -0.5,
  zero: 0,
  active: true,
  retired: false,
  none: null,
  nested: { a: { b: [1, 'two', { c: null }] } },
  list: ['x', 3],
  emoji: 'Zoë 🏢',
};

describe('key-value rows', () => {
  it('round-trips any JSON object unchanged when nothing is edited', () => {
    expect(rowsToRecord(recordToRows(mixed))).toStrictEqual(mixed);
  });

  it('edits text values and shows the rest read-only as JSON with their type', () => {
    const rows = recordToRows(mixed);
    const byName = (name: string) => rows.find((r) => r.name === name)!;
    expect(byName('Floor')).toStrictEqual({ name: 'Floor', value: '2', storedName: 'Floor' });
    expect(byName('count')).toMatchObject({ value: '12', kept: { value: 12 } });
    expect(byName('nested')).toMatchObject({ value: '{"a":{"b":[1,"two",{"c":null}]}}', kept: { value: mixed.nested } });
    expect(['count', 'active', 'none', 'nested', 'list'].map((name) => jsonTypeLabel(byName(name).kept!.value))).toEqual([
      'number',
      'true/false',
      'null',
      'object',
      'list',
    ]);
  });

  it('keeps non-text values exactly when a text value changes, a row is renamed or one is removed', () => {
    const rows = recordToRows(mixed)
      .map((row) => (row.name === 'Floor' ? { ...row, value: '3' } : row))
      .map((row) => (row.name === 'count' ? { ...row, name: 'Count ' } : row))
      .filter((row) => row.name !== 'list');
    const { list: _removed, count, ...rest } = mixed;
    expect(rowsToRecord(rows)).toStrictEqual({ ...rest, Floor: '3', Count: count });
  });

  it('drops rows without a name, trims typed names and keeps a stored name exactly', () => {
    const rows = [...recordToRows({ ' spaced ': 'kept' }), { name: '  Zone ', value: 'B' }, { name: '   ', value: 'lost' }];
    expect(rowsToRecord(rows)).toStrictEqual({ ' spaced ': 'kept', Zone: 'B' });
  });

  it('treats a field named __proto__ as data', () => {
    const record = rowsToRecord([{ name: '__proto__', value: 'x' }]);
    expect(Object.keys(record)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  });

  it('shows text as it is and other values as JSON', () => {
    expect(displayJsonValue('a "b"')).toBe('a "b"');
    expect(displayJsonValue(null)).toBe('null');
    expect(displayJsonValue([1, { x: true }])).toBe('[1,{"x":true}]');
  });
});
