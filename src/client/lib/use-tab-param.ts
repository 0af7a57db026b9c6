import { useSearchParams } from 'wouter';

/**
 * A page's open tab kept in its URL (`?tab=`), so a link can open a record at a tab and Back keeps
 * it; the first tab is the default and leaves the URL bare. Changing tab replaces the history entry.
 */
export function useTabParam<Tab extends string>(tabs: readonly [Tab, ...Tab[]]): [Tab, (next: string) => void] {
  const [params, setParams] = useSearchParams();
  const [first] = tabs;
  const asked = params.get('tab');
  const tab = (tabs as readonly string[]).includes(asked ?? '') ? (asked as Tab) : first;
  const openTab = (next: string) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (next === first) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, openTab];
}
