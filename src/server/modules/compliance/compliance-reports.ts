import { sql } from 'drizzle-orm';
import { inScope, type ReportDefinition } from '../reports/report-definition';
import { INSPECTION_RESULT_LABELS, REGIME_CATEGORY_LABELS } from '../../../shared/domain/compliance/regimes';
import { OBLIGATION_STATE_LABELS, OBLIGATION_STATUS_LABELS } from '../../../shared/domain/compliance/obligation-status';

/** How far ahead the schedule lists due dates, and how many it writes out in full per obligation. */
export const SCHEDULE_MONTHS_AHEAD = 12;
export const SCHEDULE_DATES_LISTED = 12;

/**
 * The compliance schedule (ADR 025): every obligation in scope with what and where it is, who
 * answers for it, its status, its last inspection and certificate, and its due dates over the next
 * twelve months — the sheet an estates team hands a contractor or an auditor. The most urgent first:
 * failed, overdue and never evidenced, then by due date.
 *
 * The coming dates follow the shared rule (dueDatesUntil: the next due date plus whole intervals,
 * each done on its due date, month ends clamped from the next due date: PostgreSQL's date + n months
 * clamps the same way); an overdue obligation shows its missed date first. The status is the stored one, which
 * the compliance calendar keeps within minutes of midnight.
 */
export const complianceSchedule: ReportDefinition = {
  sheetName: 'Compliance schedule',
  columns: [
    { header: 'Regime', key: 'regime', width: 36 },
    { header: 'Category', key: 'category', width: 18 },
    { header: 'Asset ID', key: 'asset_id', width: 14 },
    { header: 'Asset', key: 'asset', width: 28 },
    { header: 'Location', key: 'location_path', width: 50 },
    { header: 'Responsible', key: 'responsible', width: 22 },
    { header: 'Contractor', key: 'contractor', width: 22 },
    { header: 'State', key: 'state', width: 14 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Last done', key: 'last_completed_on', width: 12, type: 'date' },
    { header: 'Last result', key: 'last_result', width: 22 },
    { header: 'Certificate', key: 'certificate_number', width: 18 },
    { header: 'Certificate expiry', key: 'certificate_expires_on', width: 16, type: 'date' },
    { header: 'Next due', key: 'next_due_on', width: 12, type: 'date' },
    { header: 'Days overdue', key: 'days_overdue', width: 12, type: 'number' },
    { header: `Due in the next ${SCHEDULE_MONTHS_AHEAD} months`, key: 'due_count', width: 14, type: 'number' },
    { header: `Due dates (next ${SCHEDULE_MONTHS_AHEAD} months)`, key: 'due_dates', width: 60 },
  ],
  query: (scope, today) => sql`
    WITH today AS (SELECT ${today}::date AS d, (${today}::date + make_interval(months => ${SCHEDULE_MONTHS_AHEAD}))::date AS horizon)
    SELECT r.name AS regime, r.category, a.asset_id, nullif(concat_ws(' ', a.make, a.model), '') AS asset, l.path AS location_path,
           u.full_name AS responsible, o.contractor, o.state, o.status, o.last_completed_on, o.last_result,
           o.last_certificate_number AS certificate_number, o.certificate_expires_on, o.next_due_on,
           CASE WHEN o.status = 'overdue' THEN today.d - o.next_due_on END AS days_overdue,
           coalesce(upcoming.n, 0) AS due_count,
           upcoming.dates || CASE WHEN upcoming.n > ${SCHEDULE_DATES_LISTED} THEN ', and ' || (upcoming.n - ${SCHEDULE_DATES_LISTED}) || ' more' ELSE '' END AS due_dates
    FROM obligations o
    CROSS JOIN today
    JOIN compliance_regimes r ON r.id = o.regime_id
    JOIN locations l ON l.id = o.location_id
    LEFT JOIN assets a ON a.id = o.asset_id
    LEFT JOIN users u ON u.id = o.responsible_user_id
    LEFT JOIN LATERAL (
      -- The next due date (even when past), then each whole interval after it that falls between
      -- today and the horizon; k runs as far as the shortest month (28 days) could need.
      SELECT count(*)::int AS n, string_agg(to_char(due, 'YYYY-MM-DD'), ', ' ORDER BY due) FILTER (WHERE k_rank <= ${SCHEDULE_DATES_LISTED}) AS dates
      FROM (
        SELECT due, row_number() OVER (ORDER BY due) AS k_rank
        FROM (SELECT coalesce(o.interval_count, r.interval_count) AS count, coalesce(o.interval_unit, r.interval_unit) AS unit) AS every,
             LATERAL (SELECT CASE every.unit WHEN 'day' THEN 1 WHEN 'week' THEN 7 WHEN 'month' THEN 28 ELSE 365 END * every.count AS days,
                             CASE every.unit WHEN 'day' THEN make_interval(days => every.count) WHEN 'week' THEN make_interval(days => 7 * every.count)
                                  WHEN 'month' THEN make_interval(months => every.count) ELSE make_interval(years => every.count) END AS step) AS unit,
             generate_series(0, (today.horizon - o.next_due_on) / unit.days + 1) AS k,
             LATERAL (SELECT (o.next_due_on + k * unit.step)::date AS due) AS occurrence
        WHERE (k = 0 OR due > today.d) AND due <= today.horizon
      ) AS dues
    ) AS upcoming ON o.state = 'active' AND o.next_due_on IS NOT NULL
    WHERE ${inScope(sql`o.location_id`, scope)}
    ORDER BY CASE o.status WHEN 'failed' THEN 0 WHEN 'overdue' THEN 1 WHEN 'unknown' THEN 2 WHEN 'due_soon' THEN 3 WHEN 'compliant' THEN 4 ELSE 5 END,
             o.next_due_on NULLS LAST, r.name, l.path, o.id`,
  labels: { category: REGIME_CATEGORY_LABELS, state: OBLIGATION_STATE_LABELS, status: OBLIGATION_STATUS_LABELS, last_result: INSPECTION_RESULT_LABELS },
};
