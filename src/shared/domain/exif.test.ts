import { describe, expect, it } from 'vitest';
import { exifFacts, exifTime } from './exif';

describe('EXIF facts (the same on the device and the server)', () => {
  it('reads the time taken with its offset, and as UTC without one', () => {
    expect(exifTime('2026:03:14 09:30:00', '+01:00')?.toISOString()).toBe('2026-03-14T08:30:00.000Z');
    expect(exifTime('2026:03:14 09:30:00', undefined)?.toISOString()).toBe('2026-03-14T09:30:00.000Z');
    expect(exifTime('0000:00:00 00:00:00', undefined)).toBeNull();
    expect(exifTime(42, undefined)).toBeNull();
  });

  it('keeps GPS only when both coordinates are sane, and falls back to CreateDate', () => {
    expect(exifFacts({ CreateDate: '2025:06:01 09:20:30', latitude: 51.5, longitude: -0.125 })).toEqual({
      takenAt: new Date('2025-06-01T09:20:30.000Z'),
      gpsLat: '51.5',
      gpsLon: '-0.125',
    });
    expect(exifFacts({ latitude: 91, longitude: 0 })).toEqual({ takenAt: null, gpsLat: null, gpsLon: null });
    expect(exifFacts(undefined)).toEqual({ takenAt: null, gpsLat: null, gpsLon: null });
  });
});
