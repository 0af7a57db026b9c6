import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CONDITIONS, type Condition } from '../../../shared/domain/assets';
import type { DashboardStats } from '../../../shared/contract/dashboard';

/** The dashboard's figures from two aggregate queries (no rows are loaded). */
export function dashboardRepo(db: Db) {
  return {
    async stats(now: Date): Promise<DashboardStats> {
      const startOfMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [assetCounts, actionCounts] = await Promise.all([
        db.execute<Record<string, string>>(sql`
          SELECT count(*) AS total,
                 count(*) FILTER (WHERE created_at < ${startOfMonth}) AS at_end_of_last_month,
                 count(*) FILTER (WHERE condition = 'excellent') AS excellent,
                 count(*) FILTER (WHERE condition = 'good') AS good,
                 count(*) FILTER (WHERE condition = 'fair') AS fair,
                 count(*) FILTER (WHERE condition = 'poor') AS poor,
                 count(*) FILTER (WHERE condition = 'unsafe') AS unsafe
          FROM assets`),
        db.execute<Record<string, string>>(sql`
          SELECT count(*) FILTER (WHERE status = 'open') AS open,
                 count(*) FILTER (WHERE status = 'open' AND priority IN ('critical', 'high')) AS high_open
          FROM actions`),
      ]);
      const a = assetCounts.rows[0]!;
      const c = actionCounts.rows[0]!;
      const breakdown = Object.fromEntries(CONDITIONS.map((k) => [k, Number(a[k])])) as Record<Condition, number>;
      return {
        totalAssets: Number(a.total),
        goodCondition: breakdown.excellent + breakdown.good,
        needsAttention: breakdown.poor + breakdown.unsafe,
        openActions: Number(c.open),
        conditionBreakdown: breakdown,
        assetsAtEndOfLastMonth: Number(a.at_end_of_last_month),
        highPriorityOpenActions: Number(c.high_open),
      };
    },
  };
}
