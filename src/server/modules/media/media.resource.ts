import { media } from '../../db/schema';
import { mediaSchema } from '../../../shared/contract/media';
import { defineResource } from '../../resource';

/**
 * Photos, videos and documents attached to assets, assessments, actions and inspections (spec §2
 * Media tab; an inspection's PDF certificates, ADR 025).
 */
export const mediaResource = defineResource({
  name: 'media',
  routes: async () => (await import('./media.routes')).mediaRoutes,
  api: {
    description: "Photos and videos recorded against assets, assessments and actions, and inspections' photos and PDF certificates",
    segments: ['media'],
    schemas: [[mediaSchema, 'Media']],
  },
  audited: [
    {
      table: media,
      entity: 'media',
      subjectColumn: 'filename',
      // An inspection is not a record the asset's history names (its own entries say what it was).
      references: { asset_id: 'asset', assessment_id: 'assessment', action_id: 'action', inspection_id: 'inspection' },
    },
  ],
});
