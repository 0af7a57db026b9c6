import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { CONDITIONS, type Condition } from '../../../shared/domain/assets';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import type { DashboardStats } from '../../../shared/contract/dashboard';
import { overdueCondition } from '../actions/due-dates';

/**
 * The dashboard's figures, read from the counts that triggers keep in the same transaction as every
 * asset and action write (asset_counts, action_counts: db/sql/dashboard-counts.sql), so a request sums ~100 small
 * rows instead of counting the register, and a create shows up at once.
 * Plan: Seq Scan on asset_counts / action_counts (a few hundred rows at most).
 *
 * The overdue actions change with the calendar, not only with writes. The estate's are counted at
 * each request, an index-only count of the open actions past their date
 * (actions_open_target_date_id_idx), so it costs what the overdue are, not what the register holds
 * (ADR 025, step 7). An area's are kept per location and target date (location_action_due_counts)
 * and summed below today: counted, a region probed each of its thousands of locations.
 */
export function dashboardRepo(db: Db) {
  return {
    /** The whole estate's figures, or with `areaRoots` only those of the areas (policy/areas.ts). */
    async stats(now: Date, areaRoots: string[] | null = null): Promise<DashboardStats> {
      // Named: each pooled connection parses and plans it once (it has no LIMIT, so PostgreSQL keeps
      // the generic plan; ADR 014 has the measurement).
      const result = await db.$client.query<Record<string, string>>(
        areaRoots
          ? { name: 'dashboard_area_stats', text: AREA_STATS_SQL, values: [startOfMonth(now), organisationToday(now), areaRoots] }
          : { name: 'dashboard_stats', text: DASHBOARD_STATS_SQL, values: [startOfMonth(now), organisationToday(now)] },
      );
      const row = result.rows[0]!;
      const breakdown = Object.fromEntries(CONDITIONS.map((k) => [k, Number(row[k])])) as Record<Condition, number>;
      return {
        totalAssets: Number(row.total),
        goodCondition: breakdown.excellent + breakdown.good,
        needsAttention: breakdown.poor + breakdown.unsafe,
        openActions: Number(row.open),
        conditionBreakdown: breakdown,
        assetsAtEndOfLastMonth: Number(row.at_end_of_last_month),
        highPriorityOpenActions: Number(row.high_open),
        overdueActions: Number(row.overdue),
      };
    },
  };
}

/** The first day of `now`'s month (UTC), as the stats statement's $1. */
export function startOfMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** The statements' $2: today's date in the organisation's zone, against which actions are overdue. */
export const organisationToday = (now: Date) => todayIn(ORGANISATION_TIME_ZONE_DEFAULT, now);

/** The overdue actions' condition (due-dates.ts) as text, today being $2. */
const OVERDUE_SQL = new PgDialect().sqlToQuery(overdueCondition(sql`$2`)).sql;

/**
 * The stats over `assetCounts` (month, condition, n) and `actionCounts` (status, priority, n), the
 * kept counts of the estate or of an area's roots, with `overdue`, the statement counting the
 * overdue actions.
 */
const statsSql = (assetCounts: string, actionCounts: string, overdue: string) => `
    SELECT a.*, c.*, d.*
    FROM (SELECT coalesce(sum(n), 0) AS total,
                 coalesce(sum(n) FILTER (WHERE month < $1::date), 0) AS at_end_of_last_month,
                 coalesce(sum(n) FILTER (WHERE condition = 'excellent'), 0) AS excellent,
                 coalesce(sum(n) FILTER (WHERE condition = 'good'), 0) AS good,
                 coalesce(sum(n) FILTER (WHERE condition = 'fair'), 0) AS fair,
                 coalesce(sum(n) FILTER (WHERE condition = 'poor'), 0) AS poor,
                 coalesce(sum(n) FILTER (WHERE condition = 'unsafe'), 0) AS unsafe
          FROM ${assetCounts} AS counts) AS a,
         (SELECT coalesce(sum(n) FILTER (WHERE status = 'open'), 0) AS open,
                 coalesce(sum(n) FILTER (WHERE status = 'open' AND priority IN ('critical', 'high')), 0) AS high_open
          FROM ${actionCounts} AS counts) AS c,
         (${overdue}) AS d`;

/** The stats statement; $1 is startOfMonth(), $2 organisationToday() (exported so the benchmark measures exactly what the app sends). */
export const DASHBOARD_STATS_SQL = statsSql('asset_counts', 'action_counts', `SELECT count(*) AS overdue FROM actions WHERE ${OVERDUE_SQL}`);

/**
 * The stats of the areas $3 (their roots, uuid[], never one inside another: policy/areas.ts): the
 * sum of the roots' own kept counts, each of which counts everything below it
 * (location_asset_counts, location_action_counts, location_action_due_counts;
 * db/sql/dashboard-counts.sql), so a region costs what a room does. The overdue are the roots'
 * actions still to do dated before today ($2), the rule of OVERDUE_SQL.
 */
export const AREA_STATS_SQL = statsSql(
  '(SELECT month, condition, n FROM location_asset_counts WHERE location_id = ANY($3::uuid[]))',
  '(SELECT status, priority, n FROM location_action_counts WHERE location_id = ANY($3::uuid[]))',
  'SELECT coalesce(sum(n), 0) AS overdue FROM location_action_due_counts WHERE location_id = ANY($3::uuid[]) AND target_date < $2',
);
