import type { Area } from '@shared/contract/auth';
import { useAuth } from './auth';

/**
 * Areas (ADR 024): an org admin may limit an area manager to some location subtrees. The server
 * does the filtering; the words are shared with it (`@shared/domain/areas`).
 */
export { WHOLE_ESTATE_LABEL, areaNames, areaLimitSentence } from '@shared/domain/areas';

/**
 * The signed-in user's areas: empty when they work across the whole estate. `limited` is what a
 * screen asks before it offers something only the whole estate allows (a top-level location).
 */
export function useMyAreas(): { areas: Area[]; limited: boolean } {
  const { user } = useAuth();
  // `?? []` while a server from before areas answers without the field.
  const areas = user?.areas ?? [];
  return { areas, limited: areas.length > 0 };
}
