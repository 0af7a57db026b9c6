/**
 * When an obligation is next due and what state it is in. Pure functions of calendar dates: the server
 * stores next_due_on from nextDueOn() and derives status with obligationStatus() against todayIn() in
 * the organisation's zone; the client shows the same answers offline.
 */
import type { CalendarDate, Interval } from './calendar-date';
import { addDays, addInterval, compareDates, daysBetween, isCalendarDate, minDate, parseCalendarDate } from './calendar-date';
import type { AnchorRule, InspectionResult } from './regimes';

/** Whether an obligation is in force. Disposal suspends; N/A needs a reason and a user (kept by the server). */
export const OBLIGATION_STATES = ['active', 'suspended', 'not_applicable'] as const;
export type ObligationState = (typeof OBLIGATION_STATES)[number];
export const OBLIGATION_STATE_LABELS: Record<ObligationState, string> = {
  active: 'Active',
  suspended: 'Suspended',
  not_applicable: 'Not applicable',
};

/**
 * Worst first: this is both the order obligationStatus() tests them in and the severity a roll-up uses.
 * Unknown (never evidenced) ranks above overdue: no evidence at all is no better than late evidence,
 * and it must never read as green. Suspended and N/A are not in force, so they come last: they only
 * show on a roll-up when nothing below is in force, and they never count as compliant.
 */
export const OBLIGATION_STATUSES = ['failed', 'unknown', 'overdue', 'due_soon', 'compliant', 'suspended', 'not_applicable'] as const;
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];
export const OBLIGATION_STATUS_LABELS: Record<ObligationStatus, string> = {
  failed: 'Failed',
  unknown: 'Unknown',
  overdue: 'Overdue',
  due_soon: 'Due soon',
  compliant: 'Compliant',
  suspended: 'Suspended',
  not_applicable: 'N/A',
};

/** Statuses of obligations in force: the denominator of every compliance KPI. */
export const IN_FORCE_STATUSES: readonly ObligationStatus[] = ['failed', 'unknown', 'overdue', 'due_soon', 'compliant'];
/** In force and evidenced as done in time. Due soon still counts: the last inspection has not lapsed. */
export const COMPLIANT_STATUSES: readonly ObligationStatus[] = ['due_soon', 'compliant'];

export function isCompliantStatus(status: ObligationStatus): boolean {
  return COMPLIANT_STATUSES.includes(status);
}

/** The worst of the statuses (the roll-up of a location's descendants), or null for none. */
export function worstStatus(statuses: Iterable<ObligationStatus>): ObligationStatus | null {
  let worst: number | null = null;
  for (const status of statuses) {
    const rank = OBLIGATION_STATUSES.indexOf(status);
    if (rank < 0) throw new RangeError(`Unknown obligation status: ${String(status)}`);
    if (worst === null || rank < worst) worst = rank;
  }
  return worst === null ? null : OBLIGATION_STATUSES[worst]!;
}

export interface NextDueInput {
  /** The latest performed_on among the obligation's evidenced inspections (not the last one entered). */
  lastCompletedOn: CalendarDate | null;
  interval: Interval;
  anchor: AnchorRule;
  /** from_completion: the first due date before any completion. fixed: the first occurrence of the cadence. */
  startOn?: CalendarDate | null;
  /** The next due date printed on the last certificate, if any (compliance_event.certificate_next_due). */
  certificateExpiresOn?: CalendarDate | null;
}

/**
 * The k-th occurrence of a fixed cadence: startOn + k·interval, always counted from startOn so month-end
 * clamping never accumulates (31 Jan, 28 Feb, 31 Mar…). k may be negative.
 */
export function occurrenceOn(startOn: CalendarDate, interval: Interval, k: number): CalendarDate {
  return addInterval(startOn, interval, k);
}

/** The smallest k with occurrence k on or after `date` (k may be negative). */
function firstOccurrenceIndexOnOrAfter(startOn: CalendarDate, interval: Interval, date: CalendarDate): number {
  // Days and weeks: exact. Months and years: the whole steps between the two months, never too many
  // (the occurrence before the estimate falls in an earlier month than `date`), so step forward from it.
  let k: number;
  if (interval.unit === 'day' || interval.unit === 'week') {
    const step = interval.count * (interval.unit === 'week' ? 7 : 1);
    k = Math.ceil(daysBetween(startOn, date) / step) + 0; // + 0: ceil of a small negative is -0
  } else {
    const from = parseCalendarDate(startOn);
    const to = parseCalendarDate(date);
    const step = interval.count * (interval.unit === 'year' ? 12 : 1);
    k = Math.floor((to.year * 12 + to.month - (from.year * 12 + from.month)) / step);
  }
  while (compareDates(occurrenceOn(startOn, interval, k), date) < 0) k += 1;
  return k;
}

/**
 * The occurrence a completion on `completedOn` satisfies, as an index: occurrence k is satisfied by a
 * completion in (occurrence k−1, occurrence k], i.e. after the previous occurrence's date and on or
 * before its own. Early within that window counts; late counts for the next occurrence instead, and the
 * one it was late for stays missed. Null when the completion predates the cadence (on or before occurrence −1).
 */
export function occurrenceSatisfiedBy(startOn: CalendarDate, interval: Interval, completedOn: CalendarDate): number | null {
  const k = firstOccurrenceIndexOnOrAfter(startOn, interval, completedOn);
  return k >= 0 ? k : null;
}

/**
 * The date an obligation is next due, or null when it cannot be known.
 *
 * - from_completion: lastCompletedOn + interval. Early completion moves the date earlier; late
 *   completion restarts from the real date. With no completion yet: startOn (the first due date) or null.
 * - fixed: occurrences are startOn + k·interval (k ≥ 0). The last completion satisfies the occurrence
 *   whose window (previous occurrence, this occurrence] contains it; next due is the occurrence after
 *   that one. With no completion (or only ones before the cadence): startOn. Without a startOn a fixed
 *   obligation has no cadence to follow, so it is treated as from_completion.
 * - Either way, a certificate expiry earlier than that date wins (next due = the earlier of the two);
 *   with neither date known, the certificate expiry alone.
 */
export function nextDueOn(input: NextDueInput): CalendarDate | null {
  const { lastCompletedOn, interval, anchor } = input;
  const startOn = input.startOn ?? null;
  const certificateExpiresOn = input.certificateExpiresOn ?? null;
  let due: CalendarDate | null;
  if (anchor === 'fixed' && startOn !== null) {
    const satisfied = lastCompletedOn === null ? null : occurrenceSatisfiedBy(startOn, interval, lastCompletedOn);
    due = occurrenceOn(startOn, interval, satisfied === null ? 0 : satisfied + 1);
  } else {
    due = lastCompletedOn !== null ? addInterval(lastCompletedOn, interval) : startOn;
  }
  if (certificateExpiresOn === null) return due;
  return due === null ? certificateExpiresOn : minDate(due, certificateExpiresOn);
}

/**
 * The occurrences of a fixed cadence before `today` that no completion satisfied (same windows as
 * nextDueOn: a completion in (previous occurrence, occurrence] satisfies it), oldest first. An
 * occurrence due today is not missed yet.
 */
export function missedOccurrences(input: {
  startOn: CalendarDate;
  interval: Interval;
  completions: readonly CalendarDate[];
  today: CalendarDate;
}): CalendarDate[] {
  const { startOn, interval, today } = input;
  const completions = [...input.completions].sort(compareDates);
  const missed: CalendarDate[] = [];
  let next = 0;
  let previous = occurrenceOn(startOn, interval, -1);
  for (let k = 0; ; k += 1) {
    const occurrence = occurrenceOn(startOn, interval, k);
    if (compareDates(occurrence, today) >= 0) break;
    while (next < completions.length && compareDates(completions[next]!, previous) <= 0) next += 1;
    const satisfied = next < completions.length && compareDates(completions[next]!, occurrence) <= 0;
    if (!satisfied) missed.push(occurrence);
    previous = occurrence;
  }
  return missed;
}

/** The dates due from firstDueOn up to `until` inclusive, assuming each is done on time (the schedule report). */
export function dueDatesUntil(firstDueOn: CalendarDate, interval: Interval, until: CalendarDate): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let k = 0; ; k += 1) {
    const date = addInterval(firstDueOn, interval, k);
    if (compareDates(date, until) > 0) return dates;
    dates.push(date);
  }
}

export interface ObligationStatusInput {
  state: ObligationState;
  lastResult: InspectionResult | null;
  /** True while the last fail has no closed remedial action, including when none has been raised yet. */
  remedialActionOpen: boolean;
  lastCompletedOn: CalendarDate | null;
  nextDueOn: CalendarDate | null;
  dueSoonDays: number;
  /** todayIn(the organisation's zone). */
  today: CalendarDate;
}

/**
 * The derived status, first match wins:
 * suspended / not_applicable (not in force) → failed (last result fail, remedial action not closed) →
 * unknown (never evidenced, or no due date) → overdue (today after the due date) → due_soon (today on
 * or after due − dueSoonDays; due today is due soon, not yet overdue) → compliant.
 */
export function obligationStatus(input: ObligationStatusInput): ObligationStatus {
  if (input.state === 'suspended') return 'suspended';
  if (input.state === 'not_applicable') return 'not_applicable';
  if (input.lastResult === 'fail' && input.remedialActionOpen) return 'failed';
  if (input.lastCompletedOn === null || input.nextDueOn === null) return 'unknown';
  const daysLeft = daysBetween(input.today, input.nextDueOn);
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= input.dueSoonDays) return 'due_soon';
  return 'compliant';
}

/** Whole days past the due date; 0 when not yet overdue (sorts the overdue list). */
export function daysOverdue(nextDue: CalendarDate, today: CalendarDate): number {
  return Math.max(0, daysBetween(nextDue, today));
}

export const INSPECTION_DATE_INVALID_MESSAGE = 'Inspection date must be a date (YYYY-MM-DD)';

/**
 * Null when an inspection may be recorded as done on `performedOn`, else the reason. Back-dating is
 * allowed (catching up on paper records); a future date is refused, since it would make an obligation
 * look compliant before the work is done.
 */
export function validateInspectionDate(performedOn: string, today: CalendarDate): string | null {
  if (!isCalendarDate(performedOn)) return INSPECTION_DATE_INVALID_MESSAGE;
  if (compareDates(performedOn, today) > 0) {
    return `Inspection date can't be in the future: ${performedOn} is after today (${today})`;
  }
  return null;
}

/**
 * The first day on which the status would change with nothing recorded (the calendar moving a
 * compliant obligation into its due-soon window, or a due-soon one past its date), or null when only
 * a write can change it (overdue, unknown, failed, not in force). The server keeps this beside each
 * stored status and recomputes the status on that day (ADR 025).
 */
export function statusChangesOn(status: ObligationStatus, nextDue: CalendarDate | null, dueSoonDays: number): CalendarDate | null {
  if (nextDue === null) return null;
  if (status === 'compliant') return addDays(nextDue, -dueSoonDays);
  if (status === 'due_soon') return addDays(nextDue, 1);
  return null;
}
