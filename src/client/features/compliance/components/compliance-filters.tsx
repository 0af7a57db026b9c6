import { UserRound } from 'lucide-react';
import type { Regime } from '@shared/contract/compliance';
import { REGIME_CATEGORIES, REGIME_CATEGORY_LABELS, type RegimeCategory } from '@shared/domain/compliance';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/input';

export interface ComplianceFiltersProps {
  category?: RegimeCategory;
  regimeId?: string;
  mine: boolean;
  /** The catalogue; empty while it loads. */
  regimes: readonly Regime[];
  onCategoryChange: (category: RegimeCategory | undefined) => void;
  onRegimeChange: (regimeId: string | undefined) => void;
  onMineChange: (mine: boolean) => void;
}

/** Category, regime (only the chosen category's) and "Only mine", which narrows the work list to the user's duties. */
export function ComplianceFilters({ category, regimeId, mine, regimes, onCategoryChange, onRegimeChange, onMineChange }: ComplianceFiltersProps) {
  // Retired regimes are offered only while one is chosen (a shared link may name one).
  const offered = regimes.filter((r) => (!category || r.category === category) && (!r.retired || r.id === regimeId));
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center">
      <NativeSelect
        aria-label="Filter by category"
        className="md:w-56"
        value={category ?? 'all'}
        onChange={(e) => onCategoryChange(e.target.value === 'all' ? undefined : (e.target.value as RegimeCategory))}
      >
        <option value="all">All categories</option>
        {REGIME_CATEGORIES.map((value) => (
          <option key={value} value={value}>
            {REGIME_CATEGORY_LABELS[value]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Filter by regime"
        className="md:w-72"
        value={regimeId ?? 'all'}
        onChange={(e) => onRegimeChange(e.target.value === 'all' ? undefined : e.target.value)}
      >
        <option value="all">All regimes</option>
        {offered.map((regime) => (
          <option key={regime.id} value={regime.id}>
            {regime.name}
          </option>
        ))}
      </NativeSelect>
      <Button type="button" variant={mine ? 'default' : 'outline'} aria-pressed={mine} onClick={() => onMineChange(!mine)} className="md:ml-auto">
        <UserRound aria-hidden /> Only mine
      </Button>
    </div>
  );
}
