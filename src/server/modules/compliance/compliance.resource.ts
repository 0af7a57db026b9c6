import { sql } from 'drizzle-orm';
import { complianceRegimes, inspections, obligations } from '../../db/schema';
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
  // In the history an obligation is its regime ("Gas safety inspection and service") and an
  // inspection its regime and date, the way people refer to them; regimes and people by name.
  audited: [
    {
      table: obligations,
      entity: 'obligation',
      subjectColumn: null,
      references: { asset_id: 'asset', location_id: 'location', regime_id: 'regime', responsible_user_id: 'user', state_set_by: 'user' },
      referencedAs: {
        kind: 'obligation',
        name: sql`(SELECT ${complianceRegimes.name} FROM ${complianceRegimes} WHERE ${complianceRegimes.id} = ${obligations.regimeId})`,
      },
    },
    {
      table: inspections,
      entity: 'inspection',
      subjectColumn: null,
      references: { obligation_id: 'obligation', performed_by_id: 'user', corrects_id: 'inspection' },
      referencedAs: {
        kind: 'inspection',
        name: sql`(SELECT ${complianceRegimes.name} || ', ' || to_char(${inspections.performedOn}, 'FMDD Mon YYYY')
          FROM ${obligations} JOIN ${complianceRegimes} ON ${complianceRegimes.id} = ${obligations.regimeId}
          WHERE ${obligations.id} = ${inspections.obligationId})`,
      },
    },
  ],
  named: [{ kind: 'regime', table: complianceRegimes, name: complianceRegimes.name }],
});
