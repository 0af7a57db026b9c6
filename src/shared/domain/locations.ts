/** Location hierarchy, top to bottom (spec §3, §4). A child's type must be below its parent's. */
export const LOCATION_TYPES = ['organisation', 'region', 'site', 'building', 'floor', 'area'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const LOCATION_TYPE_LABELS: Record<LocationType, string> = {
  organisation: 'Organisation',
  region: 'Region',
  site: 'Site',
  building: 'Building',
  floor: 'Floor',
  area: 'Area',
};

export const DEFAULT_LOCATION_TYPE: LocationType = 'organisation';

/** Locations page: names shown per type group before '+N more' (spec §9). */
export const LOCATION_GROUP_PREVIEW = 5;

/**
 * GET /api/locations answers at most this many locations per request (the default too), with
 * x-next-cursor for more. The spec's client asks once with no parameters and expects every location,
 * so the bound sits well above a real estate's count while still capping one response.
 */
export const LOCATIONS_PAGE_MAX = 10_000;
/** A location cursor carries the last row's path (names up to 6 levels deep), so it is longer than others. */
export const LOCATION_CURSOR_MAX = 8_192;

/** Separator of a location's full path, e.g. "Acme Estates / North / Leeds Depot". */
export const LOCATION_PATH_SEPARATOR = ' / ';

export function locationTypeRank(type: LocationType): number {
  return LOCATION_TYPES.indexOf(type);
}

/** True when a location of `child` type may sit under a parent of `parent` type (strictly lower level). */
export function canNest(parent: LocationType, child: LocationType): boolean {
  return locationTypeRank(child) > locationTypeRank(parent);
}
