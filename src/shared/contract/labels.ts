import { z } from 'zod';
import { DEFAULT_LABEL_LAYOUT, LABEL_LAYOUT_KEYS } from '../domain';

/** GET /api/labels.pdf: a sheet of labels for the assets in a location (and everything inside it). */
export const labelsQuery = z.object({
  locationId: z.uuid({ error: 'Choose a location' }),
  layout: z.enum(LABEL_LAYOUT_KEYS, { error: 'Choose a label layout' }).default(DEFAULT_LABEL_LAYOUT),
});
export type LabelsQuery = z.input<typeof labelsQuery>;
