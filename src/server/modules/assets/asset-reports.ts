import { sql } from 'drizzle-orm';
import { ASSET_STATUS_LABELS, ASSET_TYPE_LABELS, COMPLIANCE_LABELS, CONDITION_LABELS } from '../../../shared/domain';
import { inScope, type ReportDefinition } from '../reports/report-definition';

/** The asset register, condition summary and compliance schedule reports (spec §2 Reports). */
export const assetRegister: ReportDefinition = {
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
  query: (scope) => sql`
    SELECT a.asset_id, a.type, a.subtype, a.make, a.model, a.serial, a.description, a.location_path,
           a.install_date, a.warranty_expiry, a.condition, a.condition_notes, a.compliance_fire,
           a.compliance_electrical, a.compliance_loler, a.compliance_hygiene, a.barcode, a.status,
           (SELECT string_agg(key || ': ' || value, '; ' ORDER BY key) FROM jsonb_each_text(a.custom_fields)) AS custom_fields,
           cardinality(a.photo_urls) AS photos, u.full_name AS created_by, a.created_at, a.updated_at
    FROM assets a LEFT JOIN users u ON u.id = a.created_by
    WHERE ${inScope(sql`a.location_id`, scope)}
    ORDER BY a.asset_id`,
  labels: { type: ASSET_TYPE_LABELS, condition: CONDITION_LABELS, status: ASSET_STATUS_LABELS, compliance_fire: COMPLIANCE_LABELS, compliance_electrical: COMPLIANCE_LABELS, compliance_loler: COMPLIANCE_LABELS, compliance_hygiene: COMPLIANCE_LABELS },
};

export const conditionSummary: ReportDefinition = {
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
  query: (scope) => sql`
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
    WHERE ${inScope(sql`a.location_id`, scope)}
    GROUP BY site.name, bld.name
    ORDER BY site.name NULLS LAST, bld.name NULLS LAST`,
};
