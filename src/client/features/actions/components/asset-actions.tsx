import { useState } from 'react';
import { ClipboardList, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/permissions';
import { EmptyState } from '@/components/ui/empty-state';
import { errorMessage } from '@/lib/api-client';
import { WaitingToSync } from '@/components/domain/waiting-to-sync';
import { useAssetActions } from '@/features/actions/api/use-asset-actions';
import { ActionCard } from './action-card';
import { ActionFormDialog } from './action-form-dialog';
import { ActionListSkeletons } from './action-list-skeletons';

/** The asset detail page's Actions tab (spec §2): a count, the list and an Add Action button. */
export function AssetActions({ assetId }: { assetId: string }) {
  const [adding, setAdding] = useState(false);
  const { data: actions = [], isLoading, isError, error } = useAssetActions(assetId);
  const { can } = useCan();

  return (
    <section className="grid grid-cols-1 gap-4" aria-label="Actions for this asset">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold" data-testid="asset-actions-count">
          {isLoading ? 'Actions' : `${actions.length} ${actions.length === 1 ? 'action' : 'actions'}`}
        </h2>
        {can('action.create') && (
          <Button type="button" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add Action
          </Button>
        )}
      </div>
      <WaitingToSync kind="action" refKey="assetId" refId={assetId} label="Actions waiting to sync" />
      {isLoading ? (
        <ActionListSkeletons count={2} />
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load actions: {errorMessage(error)}
        </p>
      ) : actions.length === 0 ? (
        <EmptyState icon={ClipboardList} title="No actions for this asset" />
      ) : (
        <div className="grid grid-cols-1 gap-4">
          {actions.map((action) => (
            <ActionCard key={action.id} action={action} />
          ))}
        </div>
      )}
      <ActionFormDialog open={adding} onOpenChange={setAdding} presetAssetId={assetId} />
    </section>
  );
}
