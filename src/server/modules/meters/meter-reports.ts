import { sql } from 'drizzle-orm';
import { METER_TYPE_LABELS } from '../../../shared/domain';
import { inScope, type ReportDefinition } from '../reports/report-definition';

/** The meter logs report (spec §2 Reports). */
export const meterLogs: ReportDefinition = {
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
  query: (scope) => sql`
    SELECT m.meter_number, m.type, m.unit, m.multiplier, m.location_path, r.reading_date, r.reading,
           CASE WHEN r.is_reset THEN NULL
                ELSE (r.reading - lag(r.reading) OVER (PARTITION BY r.meter_id ORDER BY r.reading_date, r.id))::bigint * m.multiplier
           END AS consumption,
           CASE WHEN r.is_reset THEN 'Yes' ELSE 'No' END AS is_reset, u.full_name AS recorded_by, r.notes
    FROM meter_readings r JOIN meters m ON m.id = r.meter_id LEFT JOIN users u ON u.id = r.recorded_by
    WHERE ${inScope(sql`m.location_id`, scope)}
    ORDER BY m.meter_number, r.reading_date, r.id`,
  labels: { type: METER_TYPE_LABELS },
};
