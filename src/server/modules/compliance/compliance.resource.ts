import { inspections, obligations } from '../../db/schema';
import { inspectionSchema, obligationSchema, regimeSchema } from '../../../shared/contract/compliance';
import { defineResource } from '../../resource';
import { complianceSchedule } from './compliance-reports';

/** Statutory compliance: regimes, obligations and inspections (ADR 025). */
export const complianceResource = defineResource({
  name: 'compliance',
  routes: async () => (await import('./compliance.routes')).complianceRoutes,
  api: {
    description: 'Statutory compliance: inspection regimes, obligations and inspections',
    segments: ['compliance', 'obligations', 'inspections'],
    schemas: [
      [regimeSchema, 'Regime'],
      [obligationSchema, 'Obligation'],
      [inspectionSchema, 'Inspection'],
    ],
  },
  reports: { compliance_schedule: complianceSchedule },
  audited: [
    { table: obligations, entity: 'obligation', subjectColumn: null, references: { asset_id: 'asset', location_id: 'location' } },
    { table: inspections, entity: 'inspection', subjectColumn: 'certificate_number', references: {} },
  ],
});
