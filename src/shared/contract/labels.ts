import { z } from 'zod';
import { DEFAULT_LABEL_LAYOUT, LABEL_KINDS, LABEL_LAYOUT_KEYS, LABELS_MAX } from '../domain';

const layout = z.enum(LABEL_LAYOUT_KEYS, { error: 'Choose a label layout' }).default(DEFAULT_LABEL_LAYOUT);

/**
 * GET /api/labels.pdf: a sheet of labels for a location and everything inside it: its assets' labels,
 * or (`kind=locations`) a tag for the location itself and each location inside it.
 */
export const labelsQuery = z.object({
  locationId: z.uuid({ error: 'Choose a location' }),
  layout,
  kind: z.enum(LABEL_KINDS, { error: 'Choose asset labels or location tags' }).default('assets'),
});
export type LabelsQuery = z.input<typeof labelsQuery>;

/** POST /api/labels.pdf: a sheet of labels for the assets chosen on the asset list. */
export const selectedLabelsBody = z.object({
  assetIds: z
    .array(z.uuid({ error: 'Each chosen asset must be an asset id' }), { error: 'Choose the assets to print labels for' })
    .min(1, 'Choose the assets to print labels for')
    .max(LABELS_MAX, `At most ${LABELS_MAX} labels at a time`),
  layout,
});
export type SelectedLabelsBody = z.input<typeof selectedLabelsBody>;
