import { describe, expect, it } from 'vitest';
import { optionalDate } from './common';

describe('optionalDate', () => {
  const installDate = optionalDate('Install date');

  it('takes a real calendar date, and blank as none', () => {
    expect(installDate.parse('2024-02-29')).toBe('2024-02-29');
    expect(installDate.parse(' 2025-12-31 ')).toBe('2025-12-31');
    expect(installDate.parse('')).toBeNull();
    expect(installDate.parse(undefined)).toBeNull();
  });

  it('refuses a date that does not exist rather than rolling it over', () => {
    for (const impossible of ['2025-02-29', '2025-02-31', '2025-04-31', '2100-02-29', '2025-13-01', '2025-00-10', '25-01-01', '2025-1-1']) {
      const result = installDate.safeParse(impossible);
      expect(result.success, impossible).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Install date must be a date (YYYY-MM-DD)');
    }
  });
});
