import { describe, expect, it } from 'vitest';
import { ACTION_STATUSES, actionDaysOverdue, DONE_ACTION_STATUSES, isActionOverdue, OPEN_ACTION_STATUSES, type ActionStatus } from './actions';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from './compliance/calendar-date';

const today = '2026-11-26';
const open = (targetDate: string | null, status: ActionStatus = 'open') => ({ status, targetDate });

describe('isActionOverdue', () => {
  it('is overdue from the day after the target date, not on it', () => {
    expect(isActionOverdue(open('2026-11-25'), today)).toBe(true);
    expect(isActionOverdue(open('2026-11-26'), today)).toBe(false);
    expect(isActionOverdue(open('2026-11-27'), today)).toBe(false);
  });

  it('compares whole dates across months and years', () => {
    expect(isActionOverdue(open('2025-05-10'), today)).toBe(true);
    expect(isActionOverdue(open('2026-10-31'), '2026-11-01')).toBe(true);
    expect(isActionOverdue(open('2026-12-31'), '2027-01-01')).toBe(true);
    expect(isActionOverdue(open('2027-01-01'), '2026-12-31')).toBe(false);
  });

  it('is never overdue without a target date', () => {
    expect(isActionOverdue(open(null), today)).toBe(false);
  });

  it('is overdue at every status with work still to do, and at none where it is done', () => {
    for (const status of OPEN_ACTION_STATUSES) expect(isActionOverdue(open('2020-01-01', status), today), status).toBe(true);
    for (const status of DONE_ACTION_STATUSES) expect(isActionOverdue(open('2020-01-01', status), today), status).toBe(false);
  });

  it('splits the statuses into open and done, with none left over', () => {
    expect([...OPEN_ACTION_STATUSES].sort()).toEqual(['in_progress', 'open', 'waiting']);
    expect([...OPEN_ACTION_STATUSES, ...DONE_ACTION_STATUSES].sort()).toEqual([...ACTION_STATUSES].sort());
  });

  it("turns overdue at midnight in the organisation's zone, not at midnight UTC", () => {
    // 23:30 UTC on 30 June is already 1 July in London (BST): a 30 June target is then overdue.
    const lateEvening = new Date('2026-06-30T23:30:00Z');
    expect(isActionOverdue(open('2026-06-30'), todayIn(ORGANISATION_TIME_ZONE_DEFAULT, lateEvening))).toBe(true);
    expect(isActionOverdue(open('2026-06-30'), todayIn('UTC', lateEvening))).toBe(false);
    // In winter London is on UTC: 23:30 UTC on 30 December is still the 30th.
    expect(isActionOverdue(open('2026-12-30'), todayIn(ORGANISATION_TIME_ZONE_DEFAULT, new Date('2026-12-30T23:30:00Z')))).toBe(false);
  });
});

describe('actionDaysOverdue', () => {
  it('counts whole days past the target date', () => {
    expect(actionDaysOverdue(open('2026-11-25'), today)).toBe(1);
    expect(actionDaysOverdue(open('2025-05-10'), '2026-11-26')).toBe(565);
    expect(actionDaysOverdue(open('2024-02-28'), '2024-03-01')).toBe(2);
  });

  it('is 0 when not overdue: due today, due later, no date, or done', () => {
    expect(actionDaysOverdue(open(today), today)).toBe(0);
    expect(actionDaysOverdue(open('2027-01-01'), today)).toBe(0);
    expect(actionDaysOverdue(open(null), today)).toBe(0);
    expect(actionDaysOverdue(open('2020-01-01', 'closed'), today)).toBe(0);
  });
});
