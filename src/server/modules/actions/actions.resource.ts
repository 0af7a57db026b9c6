import { actions } from '../../db/schema';
import { actionSchema } from '../../../shared/contract/actions';
import { defineResource } from '../../resource';
import { actionComputedFields, actionSource } from './actions.repo';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../../shared/domain/compliance/calendar-date';
import { actionsList } from './action-reports';

/** Remedial actions (spec §2 Actions). */
export const actionsResource = defineResource({
  name: 'actions',
  routes: async () => (await import('./actions.routes')).actionsRoutes,
  api: { description: 'Remedial actions', segments: ['actions'], schemas: [[actionSchema, 'Action']] },
  audited: [
    {
      table: actions,
      entity: 'action',
      subjectColumn: 'action_id',
      references: { asset_id: 'asset', location_id: 'location', assessment_id: 'assessment', obligation_id: 'obligation', inspection_id: 'inspection' },
      referencedAs: { kind: 'action', name: actions.actionId },
    },
  ],
  search: {
    list: 'actions',
    source: actionSource,
    id: actions.id,
    place: actions,
    computed: (now) => actionComputedFields(todayIn(ORGANISATION_TIME_ZONE_DEFAULT, now)),
  },
  reports: { actions_list: actionsList },
});
