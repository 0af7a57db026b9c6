import { Search } from 'lucide-react';
import { ACTION_PRIORITIES, ACTION_PRIORITY_LABELS, ACTION_STATUS_LABELS, ACTION_STATUSES } from '@shared/domain/actions';
import { Input, NativeSelect } from '@/components/ui/input';

export interface ActionFilterValues {
  search: string;
  status: string;
  priority: string;
}

/** The Actions page's controls: search, status and priority ('all' means no filter). */
export function ActionFilters({ value, onChange }: { value: ActionFilterValues; onChange: (value: ActionFilterValues) => void }) {
  return (
    <div className="flex flex-col gap-3 md:flex-row">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          className="pl-9"
          placeholder="Search actions…"
          aria-label="Search actions"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
        />
      </div>
      <NativeSelect aria-label="Filter by status" className="md:w-44" value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value })}>
        <option value="all">All statuses</option>
        {ACTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {ACTION_STATUS_LABELS[status]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Filter by priority" className="md:w-44" value={value.priority} onChange={(e) => onChange({ ...value, priority: e.target.value })}>
        <option value="all">All priorities</option>
        {ACTION_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {ACTION_PRIORITY_LABELS[priority]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
