import { locationsResource } from './modules/locations/locations.resource';
import { assetsResource } from './modules/assets/assets.resource';
import { assessmentsResource } from './modules/assessments/assessments.resource';
import { actionsResource } from './modules/actions/actions.resource';
import { mediaResource } from './modules/media/media.resource';
import { metersResource } from './modules/meters/meters.resource';
import { complianceResource } from './modules/compliance/compliance.resource';
import type { Resource } from './resource';

/**
 * The register's resources: the one list a new resource is added to (CONTRIBUTING, "Add a
 * resource"). Their order is the order of their routes, of the global search's lists and of the
 * OpenAPI document.
 */
export const RESOURCES: readonly Resource[] = [
  locationsResource,
  assetsResource,
  assessmentsResource,
  actionsResource,
  mediaResource,
  metersResource,
  complianceResource,
];
