import type { Action } from '@shared/contract/actions';
import { actionDaysOverdue } from '@shared/domain/actions';
import type { CalendarDate } from '@shared/domain/compliance';
import { countOf, formatCalendarDate } from '@/lib/format';

/**
 * An action's target line: the spec's 'Target: 10 May 2025' or 'No date set', and for an overdue
 * action how long it has been: 'Target: 10 May 2025 · 565 days overdue'. Whether it is overdue is
 * the server's answer (`overdue`, the same rule the list filter and the dashboard count use); the
 * days are counted to `today`, the organisation's date on this device's clock.
 */
export function actionTargetText(action: Pick<Action, 'targetDate' | 'status' | 'overdue'>, today: CalendarDate): string {
  if (!action.targetDate) return 'No date set';
  const target = `Target: ${formatCalendarDate(action.targetDate)}`;
  // Both clocks agree but for the minutes around midnight: then the count is left out rather than wrong.
  const days = action.overdue ? actionDaysOverdue(action, today) : 0;
  return days > 0 ? `${target} · ${countOf(days, 'day')} overdue` : target;
}
