import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { ASSET_TYPES, CONDITIONS, type AssetType, type Condition } from '@shared/domain';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | 'all' =>
  value && (values as readonly string[]).includes(value) ? (value as T) : 'all';

/**
 * The asset list's search and filters, kept in the URL (?search=&condition=&type=) so Back from an
 * asset returns to the same list and a filtered list can be shared. The search box updates the URL
 * once typing pauses; history entries are replaced, not added, so Back leaves the list.
 */
export function useAssetListFilters() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const condition = oneOf<Condition>(CONDITIONS, params.get('condition'));
  const type = oneOf<AssetType>(ASSET_TYPES, params.get('type'));

  const [searchText, setSearchText] = useState(urlSearch);
  const debounced = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  // The URL changed under us (e.g. the sidebar's Assets link): show its search in the box.
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch !== debounced) setSearchText(urlSearch);
  }

  const setParam = (name: string, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value && value !== 'all') next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const setParamRef = useRef(setParam);
  const urlSearchRef = useRef(urlSearch);
  useEffect(() => {
    setParamRef.current = setParam;
    urlSearchRef.current = urlSearch;
  });
  // Only a pause in typing writes the search to the URL.
  useEffect(() => {
    if (debounced !== urlSearchRef.current) setParamRef.current('search', debounced);
  }, [debounced]);

  return {
    searchText,
    setSearchText,
    /** What the list is filtered by: the URL's values. */
    filters: { search: urlSearch, condition, type },
    setCondition: (value: string) => setParam('condition', value),
    setType: (value: string) => setParam('type', value),
  };
}
