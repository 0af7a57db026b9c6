import { describe, expect, it } from 'vitest';
import { neighboursAmong, readingRefusal } from './meters';

/** The rule a reading is checked by among its meter's readings: by the server, and by a device offline (ADR 028). */

const reading = (value: number, readingDate: string, isReset = false) => ({ reading: value, readingDate, isReset });
const history = [reading(300, '2026-03-01T09:00:00.000Z'), reading(100, '2026-01-01T09:00:00.000Z'), reading(200, '2026-02-01T09:00:00.000Z')];

describe('neighboursAmong', () => {
  it('finds the latest reading on or before the date and the first after it', () => {
    expect(neighboursAmong(history, new Date('2026-02-15T00:00:00.000Z'))).toEqual({
      previousReading: 200,
      previousDate: new Date('2026-02-01T09:00:00.000Z'),
      nextReading: 300,
      nextDate: new Date('2026-03-01T09:00:00.000Z'),
      nextIsReset: false,
    });
    expect(neighboursAmong(history, new Date('2026-03-01T09:00:00.000Z'))).toMatchObject({ previousReading: 300, nextReading: null });
    expect(neighboursAmong(history, new Date('2025-12-01T00:00:00.000Z'))).toMatchObject({ previousReading: null, nextReading: 100 });
    expect(neighboursAmong([], new Date())).toMatchObject({ previousReading: null, nextReading: null });
  });
});

describe('readingRefusal', () => {
  it('refuses a reading lower than the previous one, and one higher than the next unless that one is a reset', () => {
    const around = neighboursAmong(history, new Date('2026-02-15T00:00:00.000Z'));
    expect(readingRefusal(around, 199)).toBe(
      'Reading is lower than the previous reading (200 on 2026-02-01). If the meter was replaced or rolled over, confirm it as a meter reset.',
    );
    expect(readingRefusal(around, 301)).toBe('Reading is higher than the later reading (300 on 2026-03-01). Check the reading and its date.');
    expect(readingRefusal(around, 250)).toBeNull();
    const beforeReset = neighboursAmong([...history, reading(5, '2026-04-01T09:00:00.000Z', true)], new Date('2026-03-15T00:00:00.000Z'));
    expect(readingRefusal(beforeReset, 1_000)).toBeNull();
  });
});
