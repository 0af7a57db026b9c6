import { z } from 'zod';
import { SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../domain';
import { assetListItemSchema } from './assets';
import { actionSchema } from './actions';
import { meterSchema } from './meters';

/** GET /api/search?q= (spec §2 Search): at least 2 characters. */
export const searchQuery = z.object({
  q: z
    .string({ error: `Enter at least ${SEARCH_MIN_LENGTH} characters to see results` })
    .trim()
    .min(SEARCH_MIN_LENGTH, `Enter at least ${SEARCH_MIN_LENGTH} characters to see results`)
    .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`),
});

/**
 * Best matches first (every word found as typed, newest first; then matches of a corrected spelling),
 * at most 20 per list. `totals` counts each list's matches exactly up to `totalLimit`; a larger figure
 * means "more than totalLimit" (the tabs show "100+").
 */
export const searchResponseSchema = z.object({
  assets: z.array(assetListItemSchema),
  actions: z.array(actionSchema),
  meters: z.array(meterSchema),
  totals: z.object({ assets: z.number(), actions: z.number(), meters: z.number() }),
  totalLimit: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
