import { meterReadings, meters } from '../../db/schema';
import { meterSchema, readingSchema } from '../../../shared/contract/meters';
import { defineResource } from '../../resource';
import { meterSource } from './meters.repo';
import { meterLogs } from './meter-reports';

/** Utility meters and their readings (spec §2 Meters). */
export const metersResource = defineResource({
  name: 'meters',
  routes: async () => (await import('./meters.routes')).metersRoutes,
  api: {
    description: 'Utility meters and their readings',
    segments: ['meters', 'meter-readings'],
    schemas: [
      [meterSchema, 'Meter'],
      [readingSchema, 'MeterReading'],
    ],
  },
  audited: [
    {
      table: meters,
      entity: 'meter',
      subjectColumn: 'meter_number',
      references: { location_id: 'location' },
      referencedAs: { kind: 'meter', name: meters.meterNumber },
    },
    { table: meterReadings, entity: 'meter_reading', subjectColumn: null, references: { meter_id: 'meter' } },
  ],
  search: { list: 'meters', source: meterSource, id: meters.id, place: meters },
  reports: { meter_logs: meterLogs },
});
