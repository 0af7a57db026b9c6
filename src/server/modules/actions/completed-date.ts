import { DONE_ACTION_STATUSES, type ActionStatus } from '../../../shared/domain/actions';

const isDone = (status: ActionStatus) => DONE_ACTION_STATUSES.includes(status);

/** Today's date in UTC as YYYY-MM-DD, the form completedDate is stored in. */
export function utcDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The completedDate an action gets when it is created (`previous` null) or edited
 * (docs/decisions/004). Any status may follow any other; the date follows the status:
 * - a date the request gives always wins;
 * - a done action (completed, verified, closed) always has one: the stored date, else today;
 * - reopening (done → open, in progress, waiting) clears it;
 * - otherwise the stored date stays unless the request blanks it.
 * `given` is undefined when the request does not mention completedDate, null when it blanks it.
 */
export function completedDateFor(
  previous: { status: ActionStatus; completedDate: string | null } | null,
  status: ActionStatus,
  given: string | null | undefined,
  today: string,
): string | null {
  if (given) return given;
  const kept = given === undefined ? (previous?.completedDate ?? null) : null;
  if (isDone(status)) return kept ?? today;
  if (previous && isDone(previous.status)) return null;
  return kept;
}
