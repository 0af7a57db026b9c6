import { useState } from 'react';
import { ClipboardList, Plus } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { LoadMore } from '@/lib/use-infinite-list';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';
import { ActionCard } from '@/features/actions/components/action-card';
import { ActionFilters } from '@/features/actions/components/action-filters';
import { ActionFormDialog } from '@/features/actions/components/action-form-dialog';
import { ActionListSkeletons } from '@/features/actions/components/action-list-skeletons';
import { useActions } from '@/features/actions/api/use-actions';
import { useActionListFilters } from '@/features/actions/use-action-list-filters';

/**
 * Actions (spec §2): search and filter remedial work (the overdue only, by target date: ADR 025,
 * step 7), change its status, create and edit it. The list's state is in the URL: global search
 * links an action without an asset here as ?search=<actionId>, the dashboard its overdue count as
 * ?overdue=true.
 */
export default function ActionsPage() {
  const [creating, setCreating] = useState(false);
  const filters = useActionListFilters();
  const list = useActions(filters.values);

  const createButton = useCan().can('action.create') ? (
    <Button type="button" onClick={() => setCreating(true)}>
      <Plus aria-hidden /> Create Action
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title="Actions" subtitle="Remedial work across your estate" actions={createButton} />
      <div className="grid grid-cols-1 gap-4">
        <ActionFilters
          searchText={filters.searchText}
          values={filters.values}
          onSearchTextChange={filters.setSearchText}
          onStatusChange={filters.setStatus}
          onPriorityChange={filters.setPriority}
          onOverdueChange={filters.setOverdue}
          onSortChange={filters.setSort}
        />
        {/* Actions created on this device and not yet sent (ADR 028): they have no number until they are. */}
        <WaitingToSync kind="action" label="Actions waiting to sync" />
        {list.isLoading ? (
          <ActionListSkeletons />
        ) : list.isError ? (
          <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
            Could not load actions: {errorMessage(list.error)}
          </p>
        ) : list.items.length === 0 ? (
          <EmptyState icon={ClipboardList} title="No actions found">
            {createButton}
          </EmptyState>
        ) : (
          <section className="grid grid-cols-1 gap-4" aria-label="Action list">
            {list.items.map((action) => (
              <ActionCard key={action.id} action={action} />
            ))}
            <LoadMore list={list} />
          </section>
        )}
      </div>
      <ActionFormDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
