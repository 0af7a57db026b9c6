import { sql, type SQL } from 'drizzle-orm';
import {
  ACTION_CATEGORY_LABELS,
  ACTION_PRIORITY_LABELS,
  ACTION_STATUS_LABELS,
  ASSET_STATUS_LABELS,
  ASSET_TYPE_LABELS,
  COMPLIANCE_LABELS,
  CONDITION_LABELS,
  METER_TYPE_LABELS,
  REPORT_TYPE_INFO,
  type ReportType,
} from '../../../shared/domain';
import type { ReportColumn, ReportRow } from './spreadsheet';

/**
 * What each report contains: its columns and the one query that produces its rows (streamed through
 * a cursor). `locationId` limits a report to everything inside that location.
 */
export interface ReportDefinition {
  sheetName: string;
  columns: ReportColumn[];
  query(locationId: string | null): SQL;
  /** Turns stored values into what a person reads (labels instead of enum values). */
  present?(row: ReportRow): ReportRow;
}

/** Locations inside (or equal to) the chosen one, from the stored ancestry: no recursion needed. */
const inScope = (column: SQL, locationId: string | null): SQL =>
  locationId
    ? sql`${column} IN (SELECT id FROM locations WHERE id = ${locationId} OR ancestor_ids @> ARRAY[${locationId}]::uuid[])`
    : sql`true`;

const label = <K extends string>(labels: Record<K, string>, value: unknown) => (value ? (labels[value as K] ?? String(value)) : null);

const assetRegister: ReportDefinition = {
  sheetName: 'Asset register',
  columns: [
    { header: 'Asset ID', key: 'asset_id', width: 14 },
    { header: 'Type', key: 'type', width: 12 },
    { header: 'Subtype', key: 'subtype', width: 16 },
    { header: 'Make', key: 'make', width: 18 },
    { header: 'Model', key: 'model', width: 20 },
    { header: 'Serial', key: 'serial', width: 18 },
    { header: 'Description', key: 'description', width: 40 },
    { header: 'Location', key: 'location_path', width: 50 },
    { header: 'Install date', key: 'install_date', width: 13, type: 'date' },
    { header: 'Warranty expiry', key: 'warranty_expiry', width: 15, type: 'date' },
    { header: 'Condition', key: 'condition', width: 11 },
    { header: 'Condition notes', key: 'condition_notes', width: 40 },
    { header: 'Fire', key: 'compliance_fire', width: 14 },
    { header: 'Electrical', key: 'compliance_electrical', width: 14 },
    { header: 'LOLER', key: 'compliance_loler', width: 14 },
    { header: 'Hygiene', key: 'compliance_hygiene', width: 14 },
    { header: 'Barcode', key: 'barcode', width: 16 },
    { header: 'Status', key: 'status', width: 14 },
    { header: 'Custom fields', key: 'custom_fields', width: 40 },
    { header: 'Photos', key: 'photos', width: 8, type: 'number' },
    { header: 'Created by', key: 'created_by', width: 20 },
    { header: 'Created at', key: 'created_at', width: 17, type: 'datetime' },
    { header: 'Updated at', key: 'updated_at', width: 17, type: 'datetime' },
  ],
  query: (locationId) => sql`
    SELECT a.asset_id, a.type, a.subtype, a.make, a.model, a.serial, a.description, a.location_path,
           a.install_date, a.warranty_expiry, a.condition, a.condition_notes, a.compliance_fire,
           a.compliance_electrical, a.compliance_loler, a.compliance_hygiene, a.barcode, a.status,
           (SELECT string_agg(key || ': ' || value, '; ' ORDER BY key) FROM jsonb_each_text(a.custom_fields)) AS custom_fields,
           cardinality(a.photo_urls) AS photos, u.full_name AS created_by, a.created_at, a.updated_at
    FROM assets a LEFT JOIN users u ON u.id = a.created_by
    WHERE ${inScope(sql`a.location_id`, locationId)}
    ORDER BY a.asset_id`,
  present: (row) => ({
    ...row,
    type: label(ASSET_TYPE_LABELS, row.type),
    condition: label(CONDITION_LABELS, row.condition),
    status: label(ASSET_STATUS_LABELS, row.status),
    compliance_fire: label(COMPLIANCE_LABELS, row.compliance_fire),
    compliance_electrical: label(COMPLIANCE_LABELS, row.compliance_electrical),
    compliance_loler: label(COMPLIANCE_LABELS, row.compliance_loler),
    compliance_hygiene: label(COMPLIANCE_LABELS, row.compliance_hygiene),
  }),
};

const actionsList: ReportDefinition = {
  sheetName: 'Actions',
  columns: [
    { header: 'Action ID', key: 'action_id', width: 14 },
    { header: 'Title', key: 'title', width: 36 },
    { header: 'Description', key: 'description', width: 40 },
    { header: 'Category', key: 'category', width: 13 },
    { header: 'Priority', key: 'priority', width: 10 },
    { header: 'Status', key: 'status', width: 12 },
    { header: 'Assignee', key: 'assignee', width: 20 },
    { header: 'Target date', key: 'target_date', width: 12, type: 'date' },
    { header: 'Completed date', key: 'completed_date', width: 15, type: 'date' },
    { header: 'Asset ID', key: 'asset_code', width: 14 },
    { header: 'Asset location', key: 'asset_location', width: 50 },
    { header: 'Created by', key: 'created_by', width: 20 },
    { header: 'Created at', key: 'created_at', width: 17, type: 'datetime' },
    { header: 'Updated at', key: 'updated_at', width: 17, type: 'datetime' },
  ],
  // With a location chosen, only actions on assets inside it (an action without an asset has no place).
  query: (locationId) => sql`
    SELECT x.action_id, x.title, x.description, x.category, x.priority, x.status, x.assignee, x.target_date,
           x.completed_date, a.asset_id AS asset_code, a.location_path AS asset_location, u.full_name AS created_by,
           x.created_at, x.updated_at
    FROM actions x LEFT JOIN assets a ON a.id = x.asset_id LEFT JOIN users u ON u.id = x.created_by
    WHERE ${locationId ? inScope(sql`a.location_id`, locationId) : sql`true`}
    ORDER BY x.action_id`,
  present: (row) => ({
    ...row,
    category: label(ACTION_CATEGORY_LABELS, row.category),
    priority: label(ACTION_PRIORITY_LABELS, row.priority),
    status: label(ACTION_STATUS_LABELS, row.status),
  }),
};

const conditionSummary: ReportDefinition = {
  sheetName: 'Condition summary',
  columns: [
    { header: 'Site', key: 'site', width: 30 },
    { header: 'Building', key: 'building', width: 30 },
    { header: 'Excellent', key: 'excellent', width: 11, type: 'number' },
    { header: 'Good', key: 'good', width: 9, type: 'number' },
    { header: 'Fair', key: 'fair', width: 9, type: 'number' },
    { header: 'Poor', key: 'poor', width: 9, type: 'number' },
    { header: 'Unsafe', key: 'unsafe', width: 9, type: 'number' },
    { header: 'Total', key: 'total', width: 9, type: 'number' },
  ],
  // Each asset counts under the site and building it sits in (or that contain its floor or area).
  query: (locationId) => sql`
    SELECT coalesce(site.name, '(no site)') AS site, coalesce(bld.name, '(no building)') AS building,
           count(*) FILTER (WHERE a.condition = 'excellent')::int AS excellent,
           count(*) FILTER (WHERE a.condition = 'good')::int AS good,
           count(*) FILTER (WHERE a.condition = 'fair')::int AS fair,
           count(*) FILTER (WHERE a.condition = 'poor')::int AS poor,
           count(*) FILTER (WHERE a.condition = 'unsafe')::int AS unsafe,
           count(*)::int AS total
    FROM assets a
    JOIN locations l ON l.id = a.location_id
    LEFT JOIN locations site ON site.type = 'site' AND (site.id = l.id OR site.id = ANY (l.ancestor_ids))
    LEFT JOIN locations bld ON bld.type = 'building' AND (bld.id = l.id OR bld.id = ANY (l.ancestor_ids))
    WHERE ${inScope(sql`a.location_id`, locationId)}
    GROUP BY site.name, bld.name
    ORDER BY site.name NULLS LAST, bld.name NULLS LAST`,
};

const complianceSchedule: ReportDefinition = {
  sheetName: 'Compliance schedule',
  columns: [
    { header: 'Asset ID', key: 'asset_id', width: 14 },
    { header: 'Type', key: 'type', width: 12 },
    { header: 'Make', key: 'make', width: 18 },
    { header: 'Model', key: 'model', width: 20 },
    { header: 'Location', key: 'location_path', width: 50 },
    { header: 'Fire', key: 'compliance_fire', width: 14 },
    { header: 'Electrical', key: 'compliance_electrical', width: 14 },
    { header: 'LOLER', key: 'compliance_loler', width: 14 },
    { header: 'Hygiene', key: 'compliance_hygiene', width: 14 },
    { header: 'Non-compliant', key: 'non_compliant', width: 14, type: 'number' },
    { header: 'Status', key: 'status', width: 14 },
  ],
  // Non-compliant assets first (most failing areas first), then by asset id.
  query: (locationId) => sql`
    SELECT asset_id, type, make, model, location_path, compliance_fire, compliance_electrical, compliance_loler,
           compliance_hygiene, status,
           ((compliance_fire = 'no')::int + (compliance_electrical = 'no')::int + (compliance_loler = 'no')::int
             + (compliance_hygiene = 'no')::int) AS non_compliant
    FROM assets
    WHERE ${inScope(sql`location_id`, locationId)}
    ORDER BY non_compliant DESC, asset_id`,
  present: (row) => ({
    ...row,
    type: label(ASSET_TYPE_LABELS, row.type),
    status: label(ASSET_STATUS_LABELS, row.status),
    compliance_fire: label(COMPLIANCE_LABELS, row.compliance_fire),
    compliance_electrical: label(COMPLIANCE_LABELS, row.compliance_electrical),
    compliance_loler: label(COMPLIANCE_LABELS, row.compliance_loler),
    compliance_hygiene: label(COMPLIANCE_LABELS, row.compliance_hygiene),
  }),
};

const meterLogs: ReportDefinition = {
  sheetName: 'Meter logs',
  columns: [
    { header: 'Meter number', key: 'meter_number', width: 16 },
    { header: 'Type', key: 'type', width: 12 },
    { header: 'Unit', key: 'unit', width: 7 },
    { header: 'Multiplier', key: 'multiplier', width: 10, type: 'number' },
    { header: 'Location', key: 'location_path', width: 50 },
    { header: 'Reading date', key: 'reading_date', width: 17, type: 'datetime' },
    { header: 'Reading', key: 'reading', width: 12, type: 'number' },
    { header: 'Consumption', key: 'consumption', width: 13, type: 'number' },
    { header: 'Meter reset', key: 'is_reset', width: 11 },
    { header: 'Recorded by', key: 'recorded_by', width: 20 },
    { header: 'Notes', key: 'notes', width: 40 },
  ],
  // Consumption = (reading − previous reading of the same meter) × multiplier; none across a reset.
  query: (locationId) => sql`
    SELECT m.meter_number, m.type, m.unit, m.multiplier, m.location_path, r.reading_date, r.reading,
           CASE WHEN r.is_reset THEN NULL
                ELSE (r.reading - lag(r.reading) OVER (PARTITION BY r.meter_id ORDER BY r.reading_date, r.id))::bigint * m.multiplier
           END AS consumption,
           CASE WHEN r.is_reset THEN 'Yes' ELSE 'No' END AS is_reset, u.full_name AS recorded_by, r.notes
    FROM meter_readings r JOIN meters m ON m.id = r.meter_id LEFT JOIN users u ON u.id = r.recorded_by
    WHERE ${inScope(sql`m.location_id`, locationId)}
    ORDER BY m.meter_number, r.reading_date, r.id`,
  present: (row) => ({ ...row, type: label(METER_TYPE_LABELS, row.type) }),
};

export const REPORTS: Record<ReportType, ReportDefinition> = {
  asset_register: assetRegister,
  actions_list: actionsList,
  condition_summary: conditionSummary,
  compliance_schedule: complianceSchedule,
  meter_logs: meterLogs,
};

export const reportLabel = (type: ReportType) => REPORT_TYPE_INFO[type].label;
