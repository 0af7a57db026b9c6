import { useSearchParams } from 'wouter';
import { OBLIGATION_STATUSES, REGIME_CATEGORIES, type ObligationStatus, type RegimeCategory } from '@shared/domain/compliance';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export interface ComplianceFilterValues {
  /** The location drilled into; none for the whole estate (or the user's areas). */
  locationId?: string;
  status?: ObligationStatus;
  category?: RegimeCategory;
  regimeId?: string;
  /** Only the obligations the signed-in user is responsible for (the work list only). */
  mine: boolean;
}

/**
 * The /compliance screen's scope and filters, kept in the URL (?location=&status=&category=&regime=&mine=1)
 * so a view can be shared. Drilling into a location adds a history entry, so Back goes up again;
 * changing a filter replaces the entry, as the asset list's filters do.
 */
export function useComplianceFilters() {
  const [params, setParams] = useSearchParams();
  const values: ComplianceFilterValues = {
    locationId: params.get('location') || undefined,
    status: oneOf(OBLIGATION_STATUSES, params.get('status')),
    category: oneOf(REGIME_CATEGORIES, params.get('category')),
    regimeId: params.get('regime') || undefined,
    mine: params.get('mine') === '1',
  };

  const update = (changes: Record<string, string | undefined>, replace: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace },
    );

  return {
    values,
    openLocation: (locationId: string | undefined) => update({ location: locationId }, false),
    setStatus: (status: ObligationStatus | undefined) => update({ status }, true),
    /** `clearRegime` when the chosen regime is of another category, which would leave nothing to show. */
    setCategory: (category: RegimeCategory | undefined, clearRegime: boolean) => update({ category, ...(clearRegime ? { regime: undefined } : {}) }, true),
    setRegime: (regimeId: string | undefined) => update({ regime: regimeId }, true),
    setMine: (mine: boolean) => update({ mine: mine ? '1' : undefined }, true),
  };
}
