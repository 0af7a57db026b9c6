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
