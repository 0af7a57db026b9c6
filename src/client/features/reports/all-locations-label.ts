/**
 * The name of the export that is not narrowed to one site: the whole estate, or for an area manager
 * limited to areas (ADR 024) everything in their areas, which is all the server exports for them.
 */
export const allLocationsLabel = (limited: boolean) => (limited ? 'All my areas' : 'All Locations');
