import type { Db } from '../../db/client';
import { isSmallArea, placeSize } from '../../policy/area-sizes';
import type { FindRequest } from './matches';

/**
 * How an area manager's search reads a list (ADR 024, "Areas"). A small area (a few sites) is read
 * whole, with no sample: PostgreSQL reaches its rows through the location index and tests them all,
 * which costs what the area holds, where the engine's own costs take a scan for the whole table
 * and would walk or look up the estate's matches to keep the area's few (its sample alone walks
 * the estate in the list's order to find the area's first rows). A large area (a region holding a
 * third of the estate) is left to the engine's choice, planned for its values (`customPlan`).
 * A small area's statement keeps its generic plan (named, on the search's sessions): planning the
 * statement of three lists costs more than reading a site, and whatever the roots its plan reads
 * the area through the location index. Measured by `npm run bench -- --only areas`: scanning a
 * region read ten times longer than choosing.
 */
/** How a search limited to these areas is planned: a scan when they hold a small share of the locations. */
export async function areaSearchPlan(db: Db, roots: string[]): Promise<Pick<FindRequest, 'plan' | 'customPlan'>> {
  const size = await placeSize(db, roots);
  return isSmallArea(size) ? { plan: { kind: 'scan' } } : { customPlan: true };
}
