import { describe, expect, it } from 'vitest';
import { createReadingSchema, readingFormSchema } from './meters';

/** The server requires a reading (spec §3); the form falls back to 0 for a blank one (spec §5) before sending. */
const base = { meterId: '6f1c2b1e-8d3a-4c55-9a7e-2b9d0c1e4f5a', readingDate: '2026-11-01T09:00:00Z' };

describe('meter reading schemas', () => {
  it('server: a missing, null or blank reading is refused as required', () => {
    for (const reading of [undefined, null, '', '  ']) {
      const result = createReadingSchema.safeParse({ ...base, reading });
      expect(result.success, String(reading)).toBe(false);
      expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['reading', 'Reading is required']]);
    }
  });

  it('form: the same rules, with a blank reading sent as 0', () => {
    for (const reading of [undefined, null, '', '  ']) expect(readingFormSchema.parse({ ...base, reading }).reading).toBe(0);
    expect(readingFormSchema.parse({ ...base, reading: '12.7' }).reading).toBe(12);
    expect(readingFormSchema.safeParse({ ...base, reading: '-1' }).error?.issues[0]?.message).toBe('Reading must be a positive number');
    expect(readingFormSchema.safeParse({ ...base, reading: 1, photoUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
