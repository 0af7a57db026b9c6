import { regimeSchema } from '../../../shared/contract/compliance';
import { defineResource } from '../../resource';

/** Statutory compliance: the inspection regimes (ADR 025; obligations and inspections follow). */
export const complianceResource = defineResource({
  name: 'compliance',
  routes: async () => (await import('./compliance.routes')).complianceRoutes,
  api: {
    description: 'Statutory compliance: inspection regimes',
    segments: ['compliance'],
    schemas: [[regimeSchema, 'Regime']],
  },
});
