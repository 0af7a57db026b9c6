import { assessments, defects } from '../../db/schema';
import { assessmentSchema, defectSchema } from '../../../shared/contract/assessments';
import { defineResource } from '../../resource';

/** Condition assessments and the defects they record (spec §2 Asset detail, Assessments tab). */
export const assessmentsResource = defineResource({
  name: 'assessments',
  routes: async () => (await import('./assessments.routes')).assessmentsRoutes,
  api: {
    description: 'Condition assessments and their defects',
    segments: ['assessments'],
    schemas: [
      [assessmentSchema, 'Assessment'],
      [defectSchema, 'Defect'],
    ],
  },
  audited: [
    {
      table: assessments,
      entity: 'assessment',
      subjectColumn: 'assessment_id',
      references: { asset_id: 'asset' },
      referencedAs: { kind: 'assessment', name: assessments.assessmentId },
    },
    { table: defects, entity: 'defect', subjectColumn: 'description', references: { assessment_id: 'assessment' } },
  ],
});
