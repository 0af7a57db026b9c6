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
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
