import { daysBetween, type CalendarDate } from './compliance/calendar-date';

/** Remedial actions (spec §2, §3, §4, §9). */
export const ACTION_STATUSES = ['open', 'in_progress', 'waiting', 'completed', 'verified', 'closed'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];
export const ACTION_STATUS_LABELS: Record<ActionStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  waiting: 'Waiting',
  completed: 'Completed',
  verified: 'Verified',
  closed: 'Closed',
};
/** Statuses at which the work is done: reaching one sets completedDate when it is empty. */
export const DONE_ACTION_STATUSES: readonly ActionStatus[] = ['completed', 'verified', 'closed'];
/** Statuses at which work is still to do: only an action at one of these can be overdue. */
export const OPEN_ACTION_STATUSES: readonly ActionStatus[] = ACTION_STATUSES.filter((status) => !DONE_ACTION_STATUSES.includes(status));

/** What the overdue rule reads of an action. */
export interface ActionDueFields {
  status: ActionStatus;
  /** A calendar date ('YYYY-MM-DD') or null. */
  targetDate: string | null;
}

/**
 * An action is overdue when its work is not done and its target date has passed: the target date
 * itself is the last day on time, so it is overdue from the day after. `today` is the calendar date
 * in the organisation's zone (todayIn(ORGANISATION_TIME_ZONE_DEFAULT, now)), never a UTC date, so a
 * card does not turn overdue at 11 pm or 1 am. The server's list filter and counts restate this rule
 * in SQL (actions.repo.ts, overdueCondition); its tests hold the two to the same answers.
 */
export function isActionOverdue(action: ActionDueFields, today: CalendarDate): boolean {
  // 'YYYY-MM-DD' strings compare as dates (fixed width, zero-padded).
  return action.targetDate !== null && action.targetDate < today && !DONE_ACTION_STATUSES.includes(action.status);
}

/** Whole days an action is past its target date; 0 when it is not overdue. */
export function actionDaysOverdue(action: ActionDueFields, today: CalendarDate): number {
  return isActionOverdue(action, today) ? daysBetween(action.targetDate!, today) : 0;
}

/**
 * The actions list's orders: newest first (the spec's), or by target date, the earliest first and
 * actions with no date last (what is most overdue, then what is due soonest).
 */
export const ACTION_SORTS = ['newest', 'target'] as const;
export type ActionSort = (typeof ACTION_SORTS)[number];
export const ACTION_SORT_LABELS: Record<ActionSort, string> = {
  newest: 'Newest first',
  target: 'Target date',
};

export const ACTION_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type ActionPriority = (typeof ACTION_PRIORITIES)[number];
export const ACTION_PRIORITY_LABELS: Record<ActionPriority, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const ACTION_CATEGORIES = ['maintenance', 'repair', 'replacement', 'compliance'] as const;
export type ActionCategory = (typeof ACTION_CATEGORIES)[number];
export const ACTION_CATEGORY_LABELS: Record<ActionCategory, string> = {
  maintenance: 'Maintenance',
  repair: 'Repair',
  replacement: 'Replacement',
  compliance: 'Compliance',
};

export const ACTION_DEFAULTS = {
  category: 'maintenance',
  priority: 'medium',
  status: 'open',
} as const satisfies { category: ActionCategory; priority: ActionPriority; status: ActionStatus };

/** Actions list: skeletons while loading (spec §9). */
export const ACTION_LIST_SKELETONS = 5;
