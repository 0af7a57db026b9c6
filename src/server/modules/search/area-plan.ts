import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isSmallArea, placeSize } from '../../policy/area-sizes';
import { inAreas, placedInAreas, type Placed } from '../../policy/areas';
import type { FindRequest } from './matches';

/**
 * How an area manager's search reads a list (ADR 024, "Areas"), in one of two statements, each
 * keeping its generic plan on the search's sessions whatever the roots:
 * - a small area (under a tenth of the locations: a few sites) is reached directly: PostgreSQL
 *   reads either its rows through the location index (`location_id IN area_locations(…)`),
 *   testing them all, which costs what the area holds, or a rare word's few records in the whole
 *   estate through the word's index, keeping the area's; which, from a sample of the estate's first
 *   rows and the area's share (FindRequest.reachedDirectly). Sampled as a list of its own, a site's
 *   search would walk the estate in the list's order to find the area's first rows;
 * - a large area (a region holding a third of the estate) is searched as the estate is, sample and
 *   plan alike, each row's place tested on the row itself (placedInAreas(): `place_ids && roots`),
 *   which no plan can turn into a read of the area: the area's rows are a good share of every
 *   walk's and every index's, so the estate's plans serve it. Planned for its values instead, the
 *   statement of three lists cost more to plan than to run, and the location index's generic plan
 *   read a region as if it were a few rooms. Testing each row against a hash of the area's
 *   locations instead cost two thirds more a search: the statement read the area's 2,685 locations
 *   and PostgreSQL built the hash again for every list's sample and read.
 * Measured by `npm run bench -- --only areas`.
 */
export interface AreaSearch {
  /** The record lies in the areas, as this plan tests it. */
  inPlaces: (record: Placed) => SQL;
  /** How a list of these records is read in the areas. */
  planning: (records: AreaRecords) => Pick<FindRequest, 'share' | 'reachedDirectly'>;
}

/** Records whose search an area limits. */
export type AreaRecords = 'assets' | 'actions' | 'meters';

export async function areaSearch(db: Db, roots: string[]): Promise<AreaSearch> {
  const size = await placeSize(db, roots);
  // The area's share of the records (placeSize(), cached) spares each list a sample of the whole table.
  const shares: Partial<Record<AreaRecords, number>> = {
    ...(size.allAssets > 0 ? { assets: size.assets / size.allAssets } : {}),
    ...(size.allActions > 0 ? { actions: size.actions / size.allActions } : {}),
    ...(size.allMeters > 0 ? { meters: size.meters / size.allMeters } : {}),
  };
  if (isSmallArea(size)) {
    return { inPlaces: (record) => inAreas(record.locationId, roots), planning: (records) => ({ share: shares[records], reachedDirectly: true }) };
  }
  return { inPlaces: (record) => placedInAreas(record, roots), planning: (records) => ({ share: shares[records] }) };
}
