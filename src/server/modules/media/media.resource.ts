import { media } from '../../db/schema';
import { mediaSchema } from '../../../shared/contract/media';
import { defineResource } from '../../resource';

/** Photos, videos and documents attached to assets, assessments and actions (spec §2 Media tab). */
export const mediaResource = defineResource({
  name: 'media',
  routes: async () => (await import('./media.routes')).mediaRoutes,
  api: { description: 'Photos and videos recorded against assets, assessments and actions', segments: ['media'], schemas: [[mediaSchema, 'Media']] },
  audited: [
    {
      table: media,
      entity: 'media',
      subjectColumn: 'filename',
      references: { asset_id: 'asset', assessment_id: 'assessment', action_id: 'action' },
    },
  ],
});
