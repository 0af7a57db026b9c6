import type { DashboardStats } from '@shared/contract/dashboard';

/**
 * The metric cards' trend captions, in the spec's wording but with true figures
 * ('+12% from last month', '85% of total', '23 high priority').
 */
export function growthCaption(stats: Pick<DashboardStats, 'totalAssets' | 'assetsAtEndOfLastMonth'>): string {
  const before = stats.assetsAtEndOfLastMonth;
  const added = stats.totalAssets - before;
  if (added === 0) return 'No change from last month';
  if (before === 0) return `+${added} new this month`;
  const percent = Math.round((added / before) * 100);
  if (percent === 0) return `${added > 0 ? '+' : '−'}<1% from last month`;
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent)}% from last month`;
}

export function shareCaption(part: number, total: number): string {
  return `${total === 0 ? 0 : Math.round((part / total) * 100)}% of total`;
}

export function highPriorityCaption(count: number): string {
  return `${count} high priority`;
}

/**
 * The Open Actions card's second line: actions not done and past their target date (the server's
 * count, in the user's scope). Every action not done counts, in progress and waiting too, so it
 * is what the overdue list it links to holds, not a part of the card's figure.
 */
export function overdueCaption(count: number): string {
  return `${count.toLocaleString('en-GB')} overdue`;
}
