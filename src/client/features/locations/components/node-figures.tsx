import type { LocationNode } from '@shared/contract/locations';
import { OBLIGATION_STATUS_LABELS, type ObligationStatus } from '@shared/domain/compliance';
import { ObligationStatusBadge } from '@/components/domain/obligation-status-badge';
import { countOf } from '@/lib/format';

const ATTENTION: readonly ObligationStatus[] = ['failed', 'overdue', 'unknown', 'due_soon'];

/**
 * A location's roll-up in one line: its assets, the locations directly under it, and the worst
 * compliance status of its whole subtree with how many obligations need attention, for the tree and
 * a location's children.
 */
export function NodeFigures({ node }: { node: LocationNode }) {
  const { worst, counts } = node.compliance;
  // What needs someone's attention, worst first: the badge alone would hide a second problem.
  const attention = ATTENTION.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${OBLIGATION_STATUS_LABELS[status].toLowerCase()}`);
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground" data-testid="node-figures">
      <span>{countOf(node.assetCount, 'asset')}</span>
      {node.childCount > 0 && <span>{countOf(node.childCount, 'location')}</span>}
      {worst && (
        <span className="flex items-center gap-1.5">
          <span className="sr-only">Compliance:</span>
          <ObligationStatusBadge status={worst} />
          {attention.length > 0 && <span>{attention.join(' · ')}</span>}
        </span>
      )}
    </span>
  );
}
