import { z } from 'zod';
import { CONDITIONS } from '../domain';

/**
 * GET /api/dashboard/stats: the spec's five figures plus what the trend captions need, so the
 * dashboard shows true numbers in the spec's wording.
 */
export const dashboardStatsSchema = z.object({
  totalAssets: z.number(),
  /** Excellent or good. */
  goodCondition: z.number(),
  /** Poor or unsafe. */
  needsAttention: z.number(),
  /** Actions with status open. */
  openActions: z.number(),
  conditionBreakdown: z.record(z.enum(CONDITIONS), z.number()),
  /** Assets that existed at the end of last month, for '+N% from last month'. */
  assetsAtEndOfLastMonth: z.number(),
  /** Open actions of critical or high priority, for 'N high priority'. */
  highPriorityOpenActions: z.number(),
  /**
   * Actions not done (open, in progress or waiting) and past their target date, today in the
   * organisation's zone: what `GET /api/actions?overdue=true` lists.
   */
  overdueActions: z.number().meta({ description: 'Actions not done and past their target date, as GET /api/actions?overdue=true lists them' }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
