import { locations } from '../../db/schema';
import { locationSchema } from '../../../shared/contract/locations';
import { defineResource } from '../../resource';

/** Locations: the estate's hierarchy (spec §2 Locations). */
export const locationsResource = defineResource({
  name: 'locations',
  routes: async () => (await import('./locations.routes')).locationsRoutes,
  api: { description: 'The location hierarchy: sites, buildings, floors, areas…', segments: ['locations'], schemas: [[locationSchema, 'Location']] },
  audited: [
    {
      table: locations,
      entity: 'location',
      subjectColumn: 'name',
      references: { parent_id: 'location' },
      referencedAs: { kind: 'location', name: locations.path },
    },
  ],
});
