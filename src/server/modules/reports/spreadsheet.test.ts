import { describe, expect, it } from 'vitest';
import { neutralise } from './spreadsheet';

describe('neutralise', () => {
  it('prefixes a value starting with a formula trigger with an apostrophe', () => {
    for (const trigger of ['=', '+', '-', '@', '\t', '\r', '\n']) expect(neutralise(`${trigger}1+1`)).toBe(`'${trigger}1+1`);
    expect(neutralise('Boiler')).toBe('Boiler');
  });

  it('removes control characters the xlsx writer would drop before checking, so none hides a trigger', () => {
    expect(neutralise('\u0001=1+1')).toBe("'=1+1");
    expect(neutralise('\u0000\u000b\u001f@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutralise('a\u0007b')).toBe('ab');
  });
});
