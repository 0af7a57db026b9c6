import { describe, expect, it } from 'vitest';
import { addDays, addInterval, compareDates, type Interval, todayIn } from './calendar-date';
import {
  COMPLIANT_STATUSES,
  daysOverdue,
  dueDatesUntil,
  IN_FORCE_STATUSES,
  INSPECTION_DATE_INVALID_MESSAGE,
  isCompliantStatus,
  missedOccurrences,
  nextDueOn,
  OBLIGATION_STATE_LABELS,
  OBLIGATION_STATES,
  OBLIGATION_STATUS_LABELS,
  OBLIGATION_STATUSES,
  type ObligationStatus,
  type ObligationStatusInput,
  obligationStatus,
  occurrenceSatisfiedBy,
  statusChangesOn,
  validateInspectionDate,
  worstStatus,
} from './obligation-status';
import { findRegime } from './regimes';

const weekly: Interval = { count: 1, unit: 'week' };
const monthly: Interval = { count: 1, unit: 'month' };
const sixMonthly: Interval = { count: 6, unit: 'month' };
const annual: Interval = { count: 1, unit: 'year' };

describe('nextDueOn, from completion', () => {
  const fromCompletion = (lastCompletedOn: string | null, interval: Interval, more: { startOn?: string; certificateExpiresOn?: string } = {}) =>
    nextDueOn({ lastCompletedOn, interval, anchor: 'from_completion', ...more });

  it.each([
    ['2026-03-10', annual, '2027-03-10'],
    ['2026-01-31', monthly, '2026-02-28'],
    ['2024-01-31', monthly, '2024-02-29'],
    ['2026-08-31', sixMonthly, '2027-02-28'],
    ['2024-02-29', annual, '2025-02-28'],
    ['2024-02-29', { count: 4, unit: 'year' }, '2028-02-29'],
    ['2026-03-15', { count: 5, unit: 'year' }, '2031-03-15'],
    ['2026-01-05', weekly, '2026-01-12'],
  ] as const)('done %s, every %j → due %s', (done, interval, due) => {
    expect(fromCompletion(done, interval)).toBe(due);
  });

  it('moves earlier when done early (not kept on the old cycle, unlike OCA #161)', () => {
    // Was due 2026-06-01 after a 2025-06-01 inspection; done a month early.
    expect(fromCompletion('2025-06-01', annual)).toBe('2026-06-01');
    expect(fromCompletion('2026-05-01', annual)).toBe('2027-05-01');
  });

  it('restarts from the real date when done late', () => {
    expect(fromCompletion('2026-07-15', annual)).toBe('2027-07-15');
  });

  it('counts a back-dated completion from the day it was done, so it can still be overdue', () => {
    const due = fromCompletion('2025-03-01', annual)!;
    expect(due).toBe('2026-03-01');
    expect(status({ lastCompletedOn: '2025-03-01', nextDueOn: due, today: '2026-03-20' })).toBe('overdue');
  });

  it('is unknown (null) with no completion, unless a first due date was set', () => {
    expect(fromCompletion(null, annual)).toBeNull();
    expect(fromCompletion(null, annual, { startOn: '2026-09-01' })).toBe('2026-09-01');
  });

  it('ignores the first due date once there is a completion', () => {
    expect(fromCompletion('2026-01-10', annual, { startOn: '2026-09-01' })).toBe('2027-01-10');
  });

  it('takes a certificate expiry earlier than the interval date', () => {
    expect(fromCompletion('2026-03-10', annual, { certificateExpiresOn: '2026-12-31' })).toBe('2026-12-31');
    expect(fromCompletion('2026-03-10', { count: 5, unit: 'year' }, { certificateExpiresOn: '2029-03-01' })).toBe('2029-03-01');
  });

  it('keeps the interval date when the certificate runs longer', () => {
    expect(fromCompletion('2026-03-10', annual, { certificateExpiresOn: '2027-06-30' })).toBe('2027-03-10');
    expect(fromCompletion('2026-03-10', annual, { certificateExpiresOn: '2027-03-10' })).toBe('2027-03-10');
  });

  it('falls back on the certificate expiry when nothing else gives a date', () => {
    expect(fromCompletion(null, annual, { certificateExpiresOn: '2027-01-01' })).toBe('2027-01-01');
    expect(fromCompletion(null, annual, { startOn: '2027-02-01', certificateExpiresOn: '2027-01-01' })).toBe('2027-01-01');
  });
});

describe('interval changes recompute from the last completion', () => {
  it('recomputes next due and status; the completion is unchanged', () => {
    const lastCompletedOn = '2026-01-10';
    const today = '2026-06-20';
    const before = nextDueOn({ lastCompletedOn, interval: annual, anchor: 'from_completion' });
    expect(before).toBe('2027-01-10');
    expect(status({ lastCompletedOn, nextDueOn: before, today })).toBe('compliant');

    // An FRA shortens the interval to 6 months: due in July, so due soon; to 3 months: overdue since April.
    const sixMonths = nextDueOn({ lastCompletedOn, interval: sixMonthly, anchor: 'from_completion' });
    expect(sixMonths).toBe('2026-07-10');
    expect(status({ lastCompletedOn, nextDueOn: sixMonths, today })).toBe('due_soon');
    const threeMonths = nextDueOn({ lastCompletedOn, interval: { count: 3, unit: 'month' }, anchor: 'from_completion' });
    expect(threeMonths).toBe('2026-04-10');
    expect(status({ lastCompletedOn, nextDueOn: threeMonths, today })).toBe('overdue');
  });

  it('recomputes a fixed cadence from the same start and last completion', () => {
    const base = { startOn: '2026-01-05', lastCompletedOn: '2026-03-02', anchor: 'fixed' as const };
    expect(nextDueOn({ ...base, interval: weekly })).toBe('2026-03-09');
    expect(nextDueOn({ ...base, interval: { count: 2, unit: 'week' } })).toBe('2026-03-16');
    expect(nextDueOn({ ...base, interval: monthly })).toBe('2026-04-05');
  });
});

describe('nextDueOn, fixed cadence', () => {
  // Weekly alarm test, Mondays from 5 Jan 2026: occurrences 5, 12, 19, 26 Jan…
  const alarm = (lastCompletedOn: string | null, certificateExpiresOn?: string) =>
    nextDueOn({ lastCompletedOn, interval: weekly, anchor: 'fixed', startOn: '2026-01-05', certificateExpiresOn });

  it.each([
    [null, '2026-01-05'],
    ['2026-01-05', '2026-01-12'],
    ['2026-01-09', '2026-01-19'],
    ['2026-01-12', '2026-01-19'],
    ['2026-01-13', '2026-01-26'],
    ['2026-01-16', '2026-01-26'],
    ['2025-12-30', '2026-01-12'],
    ['2025-12-29', '2026-01-05'],
    ['2025-11-01', '2026-01-05'],
  ])('last done %s → due %s', (done, due) => {
    expect(alarm(done)).toBe(due);
  });

  it('stays on Mondays after a late test, which counts for the next Monday', () => {
    // 2 Feb was missed; Wednesday 4 Feb falls in (2 Feb, 9 Feb], so it satisfies 9 Feb.
    expect(alarm('2026-02-04')).toBe('2026-02-16');
  });

  it('is capped by a certificate expiry', () => {
    expect(alarm('2026-01-12', '2026-01-15')).toBe('2026-01-15');
    expect(alarm('2026-01-12', '2026-02-01')).toBe('2026-01-19');
  });

  it('follows month ends from the start date without drifting', () => {
    const monthEnd = (lastCompletedOn: string | null) => nextDueOn({ lastCompletedOn, interval: monthly, anchor: 'fixed', startOn: '2026-01-31' });
    expect(monthEnd(null)).toBe('2026-01-31');
    expect(monthEnd('2026-01-31')).toBe('2026-02-28');
    expect(monthEnd('2026-02-28')).toBe('2026-03-31');
    expect(monthEnd('2026-03-01')).toBe('2026-04-30');
    expect(monthEnd('2026-04-30')).toBe('2026-05-31');
    expect(monthEnd('2028-02-10')).toBe('2028-03-31');
  });

  it('acts as from_completion without a start date', () => {
    expect(nextDueOn({ lastCompletedOn: '2026-01-07', interval: weekly, anchor: 'fixed' })).toBe('2026-01-14');
    expect(nextDueOn({ lastCompletedOn: null, interval: weekly, anchor: 'fixed' })).toBeNull();
  });
});

describe('occurrenceSatisfiedBy', () => {
  it.each([
    ['2026-01-05', 0],
    ['2025-12-30', 0],
    ['2025-12-29', null],
    ['2026-01-06', 1],
    ['2026-01-12', 1],
    ['2026-01-13', 2],
    ['2027-01-04', 52],
  ])('a weekly completion on %s satisfies occurrence %j', (done, index) => {
    expect(occurrenceSatisfiedBy('2026-01-05', weekly, done)).toBe(index);
  });

  it.each([
    ['2026-01-31', 0],
    ['2026-02-01', 1],
    ['2026-02-28', 1],
    ['2026-03-01', 2],
    ['2027-01-31', 12],
    ['2025-12-31', null],
  ])('a monthly completion (from 31 Jan) on %s satisfies occurrence %j', (done, index) => {
    expect(occurrenceSatisfiedBy('2026-01-31', monthly, done)).toBe(index);
  });
});

describe('occurrenceSatisfiedBy, against a plain scan of occurrences', () => {
  it.each<[string, Interval]>([
    ['2026-01-31', monthly],
    ['2024-02-29', { count: 3, unit: 'month' }],
    ['2026-08-31', sixMonthly],
    ['2024-02-29', annual],
    ['2025-12-31', { count: 14, unit: 'month' }],
    ['2026-01-05', { count: 2, unit: 'week' }],
    ['2026-01-05', { count: 10, unit: 'day' }],
  ])('from %s every %j, for every completion date over six years', (startOn, interval) => {
    const wrong: string[] = [];
    let k = -100; // the first occurrence on or after `done`, which only moves forward as `done` does
    for (let done = addDays(startOn, -800); compareDates(done, addDays(startOn, 1400)) < 0; done = addDays(done, 1)) {
      while (compareDates(addInterval(startOn, interval, k), done) < 0) k += 1;
      const expected = k >= 0 ? k : null;
      if (occurrenceSatisfiedBy(startOn, interval, done) !== expected) wrong.push(done);
    }
    expect(wrong).toEqual([]);
  });
});

describe('missedOccurrences', () => {
  const startOn = '2026-01-05';
  const completions = ['2026-01-26', '2026-01-05', '2026-01-13'];

  it('lists the occurrences with no completion in their window', () => {
    // 5 Jan done; 12 Jan missed (the 13 Jan test counts for 19 Jan); 26 Jan done; 2 Feb missed.
    expect(missedOccurrences({ startOn, interval: weekly, completions, today: '2026-02-03' })).toEqual(['2026-01-12', '2026-02-02']);
  });

  it('does not count an occurrence due today as missed', () => {
    expect(missedOccurrences({ startOn, interval: weekly, completions, today: '2026-02-02' })).toEqual(['2026-01-12']);
  });

  it('counts two completions in one window once', () => {
    expect(missedOccurrences({ startOn, interval: weekly, completions: ['2026-01-06', '2026-01-07'], today: '2026-01-20' })).toEqual([
      '2026-01-05',
      '2026-01-19',
    ]);
  });

  it('misses everything with no completions, and nothing before the start', () => {
    expect(missedOccurrences({ startOn, interval: weekly, completions: [], today: '2026-01-27' })).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
    ]);
    expect(missedOccurrences({ startOn, interval: weekly, completions: [], today: '2026-01-05' })).toEqual([]);
    expect(missedOccurrences({ startOn: '2026-09-01', interval: monthly, completions: [], today: '2026-03-01' })).toEqual([]);
  });

  it('ignores completions from before the cadence started', () => {
    expect(missedOccurrences({ startOn, interval: weekly, completions: ['2025-12-01', '2025-12-29'], today: '2026-01-06' })).toEqual([
      '2026-01-05',
    ]);
  });

  it('walks month ends for a monthly cadence', () => {
    expect(
      missedOccurrences({
        startOn: '2026-01-31',
        interval: monthly,
        completions: ['2026-01-20', '2026-03-15', '2026-05-31'],
        today: '2026-06-01',
      }),
    ).toEqual(['2026-02-28', '2026-04-30']);
  });

  it('agrees with nextDueOn: when a fixed obligation is overdue, its due date is a missed occurrence', () => {
    // A year of weekly tests with some skipped (every 3rd and 7th week), checked on every day.
    const done: string[] = [];
    for (let week = 0; week < 52; week += 1) {
      if (week % 3 !== 2 && week % 7 !== 6) done.push(addDays(startOn, 7 * week + (week % 4) - 1));
    }
    for (let day = 0; day < 380; day += 1) {
      const today = addDays(startOn, day);
      const soFar = done.filter((date) => compareDates(date, today) <= 0);
      const last = soFar.at(-1) ?? null;
      const due = nextDueOn({ lastCompletedOn: last, interval: weekly, anchor: 'fixed', startOn })!;
      const missed = missedOccurrences({ startOn, interval: weekly, completions: soFar, today });
      expect(missed.includes(due)).toBe(compareDates(today, due) > 0);
    }
  });
});

describe('dueDatesUntil', () => {
  it('projects from the first due date without drift', () => {
    expect(dueDatesUntil('2024-02-29', annual, '2029-01-01')).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29']);
    expect(dueDatesUntil('2026-01-31', monthly, '2026-04-30')).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(dueDatesUntil('2026-05-01', annual, '2026-04-30')).toEqual([]);
  });
});

const active: ObligationStatusInput = {
  state: 'active',
  lastResult: 'pass',
  remedialActionOpen: false,
  lastCompletedOn: '2025-06-01',
  nextDueOn: '2026-06-01',
  dueSoonDays: 30,
  today: '2026-01-15',
};
const status = (change: Partial<ObligationStatusInput>) => obligationStatus({ ...active, ...change });

describe('obligationStatus', () => {
  it.each<[string, Partial<ObligationStatusInput>, ObligationStatus]>([
    ['in date', {}, 'compliant'],
    ['passed with observations', { lastResult: 'pass_with_observations' }, 'compliant'],
    ['failed, remedial action open', { lastResult: 'fail', remedialActionOpen: true }, 'failed'],
    ['failed and overdue, action open', { lastResult: 'fail', remedialActionOpen: true, today: '2026-07-01' }, 'failed'],
    ['failed, remedial action closed', { lastResult: 'fail', remedialActionOpen: false }, 'compliant'],
    ['never done', { lastResult: null, lastCompletedOn: null }, 'unknown'],
    ['never done, first due date passed', { lastResult: null, lastCompletedOn: null, today: '2026-07-01' }, 'unknown'],
    ['no due date', { nextDueOn: null }, 'unknown'],
    ['suspended, even when overdue', { state: 'suspended', today: '2026-07-01' }, 'suspended'],
    ['N/A, even with an open fail', { state: 'not_applicable', lastResult: 'fail', remedialActionOpen: true }, 'not_applicable'],
    ['suspended and never done', { state: 'suspended', lastCompletedOn: null }, 'suspended'],
    // 30-day window around a due date of 2026-06-01.
    ['31 days ahead', { today: '2026-05-01' }, 'compliant'],
    ['30 days ahead', { today: '2026-05-02' }, 'due_soon'],
    ['1 day ahead', { today: '2026-05-31' }, 'due_soon'],
    ['due today', { today: '2026-06-01' }, 'due_soon'],
    ['1 day late', { today: '2026-06-02' }, 'overdue'],
    ['a year late', { today: '2027-06-01' }, 'overdue'],
    // 2-day window (weekly test due Monday 2026-01-12).
    ['weekly, 3 days ahead', { nextDueOn: '2026-01-12', dueSoonDays: 2, today: '2026-01-09' }, 'compliant'],
    ['weekly, 2 days ahead', { nextDueOn: '2026-01-12', dueSoonDays: 2, today: '2026-01-10' }, 'due_soon'],
    ['weekly, due today', { nextDueOn: '2026-01-12', dueSoonDays: 2, today: '2026-01-12' }, 'due_soon'],
    ['weekly, a day late', { nextDueOn: '2026-01-12', dueSoonDays: 2, today: '2026-01-13' }, 'overdue'],
    // No window: due today still is not overdue.
    ['no window, a day ahead', { dueSoonDays: 0, today: '2026-05-31' }, 'compliant'],
    ['no window, due today', { dueSoonDays: 0, today: '2026-06-01' }, 'due_soon'],
    // Across a leap day: due 2024-03-01 with a 1-day window.
    ['leap day, 2 days ahead', { nextDueOn: '2024-03-01', dueSoonDays: 1, today: '2024-02-28' }, 'compliant'],
    ['leap day, 1 day ahead', { nextDueOn: '2024-03-01', dueSoonDays: 1, today: '2024-02-29' }, 'due_soon'],
  ])('%s → %s', (_case, change, expected) => {
    expect(status(change)).toBe(expected);
  });

  it('follows the catalogue windows: 90 days for an EICR, 2 for the weekly alarm test', () => {
    const eicr = findRegime('eicr')!;
    expect(status({ nextDueOn: '2031-03-15', dueSoonDays: eicr.dueSoonDays, today: '2030-12-15' })).toBe('due_soon');
    expect(status({ nextDueOn: '2031-03-15', dueSoonDays: eicr.dueSoonDays, today: '2030-12-14' })).toBe('compliant');
    const alarm = findRegime('fire_alarm_weekly_test')!;
    expect(status({ nextDueOn: '2026-01-12', dueSoonDays: alarm.dueSoonDays, today: '2026-01-09' })).toBe('compliant');
  });

  describe('with today from the wall clock in London', () => {
    const dueOn = (instant: string, zone = 'Europe/London') =>
      status({ nextDueOn: '2026-06-30', today: todayIn(zone, new Date(instant)) });

    it('is overdue at 00:30 BST on the day after, though UTC still says the due day', () => {
      expect(dueOn('2026-06-30T23:30:00Z')).toBe('overdue');
      expect(dueOn('2026-06-30T23:30:00Z', 'UTC')).toBe('due_soon');
      expect(dueOn('2026-06-30T22:59:59Z')).toBe('due_soon');
    });

    it('turns at London midnight in GMT', () => {
      const winter = (instant: string) => status({ nextDueOn: '2026-03-28', today: todayIn('Europe/London', new Date(instant)) });
      expect(winter('2026-03-28T23:59:59Z')).toBe('due_soon');
      expect(winter('2026-03-29T00:00:00Z')).toBe('overdue');
    });

    it('turns at London midnight on the nights the clocks change', () => {
      const springDue = (instant: string) => status({ nextDueOn: '2026-03-29', today: todayIn('Europe/London', new Date(instant)) });
      expect(springDue('2026-03-29T22:59:59Z')).toBe('due_soon');
      expect(springDue('2026-03-29T23:00:00Z')).toBe('overdue');
      const autumnDue = (instant: string) => status({ nextDueOn: '2026-10-25', today: todayIn('Europe/London', new Date(instant)) });
      expect(autumnDue('2026-10-25T23:59:59Z')).toBe('due_soon');
      expect(autumnDue('2026-10-26T00:00:00Z')).toBe('overdue');
      const autumnEve = (instant: string) => status({ nextDueOn: '2026-10-24', today: todayIn('Europe/London', new Date(instant)) });
      expect(autumnEve('2026-10-24T22:59:59Z')).toBe('due_soon');
      expect(autumnEve('2026-10-24T23:00:00Z')).toBe('overdue');
    });
  });
});

describe('statuses', () => {
  it('label every status and state, in order', () => {
    expect(Object.keys(OBLIGATION_STATUS_LABELS)).toEqual([...OBLIGATION_STATUSES]);
    expect(Object.keys(OBLIGATION_STATE_LABELS)).toEqual([...OBLIGATION_STATES]);
  });

  it('count only due soon and compliant as compliant; never unknown, suspended or N/A', () => {
    expect(OBLIGATION_STATUSES.filter(isCompliantStatus)).toEqual(['due_soon', 'compliant']);
    expect(COMPLIANT_STATUSES.every((s) => IN_FORCE_STATUSES.includes(s))).toBe(true);
    expect(IN_FORCE_STATUSES).not.toContain('suspended');
    expect(IN_FORCE_STATUSES).not.toContain('not_applicable');
  });

  it.each<[ObligationStatus[], ObligationStatus | null]>([
    [['compliant', 'due_soon', 'compliant'], 'due_soon'],
    [['compliant', 'overdue', 'due_soon'], 'overdue'],
    [['overdue', 'unknown'], 'unknown'],
    [['unknown', 'failed', 'overdue'], 'failed'],
    [['compliant', 'suspended', 'not_applicable'], 'compliant'],
    [['not_applicable', 'suspended'], 'suspended'],
    [['not_applicable', 'not_applicable'], 'not_applicable'],
    [['compliant'], 'compliant'],
    [[], null],
  ])('worst of %j is %j', (statuses, worst) => {
    expect(worstStatus(statuses)).toBe(worst);
  });

  it('rolls up any iterable and refuses unknown statuses', () => {
    expect(worstStatus(new Set<ObligationStatus>(['due_soon', 'overdue']))).toBe('overdue');
    expect(() => worstStatus(['compliant', 'green' as ObligationStatus])).toThrow('Unknown obligation status: green');
  });

  it.each([
    ['2026-06-01', '2026-05-20', 0],
    ['2026-06-01', '2026-06-01', 0],
    ['2026-06-01', '2026-06-02', 1],
    ['2024-02-28', '2024-03-01', 2],
  ])('daysOverdue(due %s, today %s) = %i', (due, today, days) => {
    expect(daysOverdue(due, today)).toBe(days);
  });
});

describe('validateInspectionDate', () => {
  it.each(['2026-03-28', '2026-03-27', '2019-01-01', '2024-02-29'])('accepts %s on 2026-03-28 (today and back-dated)', (date) => {
    expect(validateInspectionDate(date, '2026-03-28')).toBeNull();
  });

  it('refuses a future date with a readable message', () => {
    expect(validateInspectionDate('2026-03-29', '2026-03-28')).toBe("Inspection date can't be in the future: 2026-03-29 is after today (2026-03-28)");
  });

  it('judges "future" by the London date, not UTC', () => {
    // 00:30 BST on 1 July: a surveyor recording an inspection done "today" on 1 July is not in the future.
    const today = todayIn('Europe/London', new Date('2026-06-30T23:30:00Z'));
    expect(validateInspectionDate('2026-07-01', today)).toBeNull();
    expect(validateInspectionDate('2026-07-01', todayIn('UTC', new Date('2026-06-30T23:30:00Z')))).not.toBeNull();
  });

  it.each(['2025-02-29', '29/02/2024', '', '2026-03-28T10:00'])('refuses %j as not a date', (date) => {
    expect(validateInspectionDate(date, '2026-03-28')).toBe(INSPECTION_DATE_INVALID_MESSAGE);
  });
});

describe('statusChangesOn', () => {
  const base = { state: 'active' as const, lastResult: 'pass' as const, remedialActionOpen: false, lastCompletedOn: '2025-01-10' };

  it('is the first day the calendar alone changes the status, and nothing before it does', () => {
    for (const [nextDue, dueSoonDays] of [['2026-03-31', 30], ['2026-03-02', 2], ['2028-02-29', 90], ['2026-06-15', 0]] as const) {
      let today = '2025-12-01';
      let status = obligationStatus({ ...base, nextDueOn: nextDue, dueSoonDays, today });
      let changesOn = statusChangesOn(status, nextDue, dueSoonDays);
      const seen: string[] = [status];
      while (changesOn !== null) {
        // Every day before it keeps the status; that day changes it.
        for (let day = today; day < changesOn; day = addDays(day, 1)) {
          expect(obligationStatus({ ...base, nextDueOn: nextDue, dueSoonDays, today: day }), day).toBe(status);
        }
        today = changesOn;
        const next = obligationStatus({ ...base, nextDueOn: nextDue, dueSoonDays, today });
        expect(next, today).not.toBe(status);
        status = next;
        seen.push(status);
        changesOn = statusChangesOn(status, nextDue, dueSoonDays);
      }
      expect(seen).toEqual(['compliant', 'due_soon', 'overdue']);
    }
  });

  it('is null where only a write changes the status', () => {
    for (const status of ['overdue', 'unknown', 'failed', 'suspended', 'not_applicable'] as const) {
      expect(statusChangesOn(status, '2026-01-01', 30)).toBeNull();
    }
    expect(statusChangesOn('compliant', null, 30)).toBeNull();
  });
});
