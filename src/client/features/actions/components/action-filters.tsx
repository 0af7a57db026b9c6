import { Search, TriangleAlert } from 'lucide-react';
import { ACTION_PRIORITIES, ACTION_PRIORITY_LABELS, ACTION_SORTS, ACTION_SORT_LABELS, ACTION_STATUS_LABELS, ACTION_STATUSES } from '@shared/domain/actions';
import { Button } from '@/components/ui/button';
import { Input, NativeSelect } from '@/components/ui/input';
import type { ActionListValues } from '@/features/actions/use-action-list-filters';

export interface ActionFiltersProps {
  /** What the search box shows (the URL's search follows it once typing pauses). */
  searchText: string;
  values: ActionListValues;
  onSearchTextChange: (text: string) => void;
  onStatusChange: (status: string) => void;
  onPriorityChange: (priority: string) => void;
  onOverdueChange: (overdue: boolean) => void;
  onSortChange: (sort: string) => void;
}

/** The Actions page's controls: search, status and priority ('all' means no filter), "Overdue only" and the order. */
export function ActionFilters({ searchText, values, onSearchTextChange, onStatusChange, onPriorityChange, onOverdueChange, onSortChange }: ActionFiltersProps) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-center">
      <div className="relative flex-1 md:min-w-64">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          className="pl-9"
          placeholder="Search actions…"
          aria-label="Search actions"
          value={searchText}
          onChange={(e) => onSearchTextChange(e.target.value)}
        />
      </div>
      <NativeSelect aria-label="Filter by status" className="md:w-44" value={values.status} onChange={(e) => onStatusChange(e.target.value)}>
        <option value="all">All statuses</option>
        {ACTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ACTION_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Filter by priority" className="md:w-44" value={values.priority} onChange={(e) => onPriorityChange(e.target.value)}>
        <option value="all">All priorities</option>
        {ACTION_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {ACTION_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Sort" className="md:w-44" value={values.sort} onChange={(e) => onSortChange(e.target.value)}>
        {ACTION_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {ACTION_SORT_LABELS[sort]}
          </option>
        ))}
      </NativeSelect>
      <Button type="button" variant={values.overdue ? 'default' : 'outline'} aria-pressed={values.overdue} onClick={() => onOverdueChange(!values.overdue)}>
        <TriangleAlert aria-hidden /> Overdue only
      </Button>
    </div>
  );
}
