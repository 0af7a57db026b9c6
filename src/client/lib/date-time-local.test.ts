import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeLocalToIso, toDateTimeLocal } from './date-time-local';

const originalTz = process.env.TZ;

describe('assessed-at conversions', () => {
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('keeps the local wall-clock time and adds the local offset (summer time in London)', () => {
    process.env.TZ = 'Europe/London';
    expect(dateTimeLocalToIso('2026-07-01T09:15')).toBe('2026-07-01T09:15:00+01:00');
    expect(Date.parse(dateTimeLocalToIso('2026-07-01T09:15')!)).toBe(Date.UTC(2026, 6, 1, 8, 15));
  });

  it('writes negative and half-hour offsets', () => {
    process.env.TZ = 'America/New_York';
    expect(dateTimeLocalToIso('2026-01-10T23:05')).toBe('2026-01-10T23:05:00-05:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(dateTimeLocalToIso('2026-01-10T23:05')).toBe('2026-01-10T23:05:00+05:30');
  });

  it('gives undefined for blank or malformed values, so the server uses the current time', () => {
    expect(dateTimeLocalToIso('')).toBeUndefined();
    expect(dateTimeLocalToIso(undefined)).toBeUndefined();
    expect(dateTimeLocalToIso('yesterday')).toBeUndefined();
  });

  it('round-trips the value a datetime-local input shows', () => {
    process.env.TZ = 'Europe/London';
    const now = new Date(2026, 2, 5, 14, 30);
    expect(toDateTimeLocal(now)).toBe('2026-03-05T14:30');
    expect(Date.parse(dateTimeLocalToIso(toDateTimeLocal(now))!)).toBe(now.getTime());
  });
});
