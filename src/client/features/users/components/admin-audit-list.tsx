import { History } from 'lucide-react';
import type { AdminAuditEntry } from '@shared/contract/users';
import { ADMIN_ENTITY_LABELS } from '@shared/domain/accounts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAdminAudit } from '@/features/users/api/use-admin-audit';

const OPERATION_LABELS: Record<AdminAuditEntry['operation'], string> = { create: 'created', update: 'changed', delete: 'removed' };

/** Administrative changes (roles, statuses, invites, settings): who, when and what, newest first. */
export function AdminAuditList() {
  const audit = useAdminAudit();
  if (audit.isLoading) return <Skeleton className="h-24" aria-label="Loading administrative changes" />;
  if (audit.isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
        Could not load administrative changes: {errorMessage(audit.error)}
      </p>
    );
  }
  if (audit.items.length === 0) return <EmptyState icon={History} title="No administrative changes yet" />;
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2" aria-label="Administrative changes">
        {audit.items.map((entry) => (
          <li key={entry.id} className="grid gap-1 rounded-lg border bg-card p-3 text-sm" data-testid="admin-audit-entry">
            <p>
              <span className="font-medium">{entry.actorName ?? 'System'}</span> {OPERATION_LABELS[entry.operation]}{' '}
              {ADMIN_ENTITY_LABELS[entry.entity].toLowerCase()}
              {entry.subject && <span className="font-medium"> {entry.subject}</span>}
            </p>
            <p className="text-muted-foreground">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            </p>
            <Changes entry={entry} />
          </li>
        ))}
      </ol>
      {audit.hasNextPage && (
        <Button type="button" variant="outline" className="justify-self-center" disabled={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          {audit.isFetchingNextPage && <Spinner className="h-4 w-4" />}
          Load more
        </Button>
      )}
    </div>
  );
}

function Changes({ entry }: { entry: AdminAuditEntry }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => entry.operation !== 'update' || show(before[key]) !== show(after[key]),
  );
  if (keys.length === 0) return null;
  return (
    <dl className="grid gap-x-3 gap-y-0.5 text-xs sm:grid-cols-[auto_1fr]">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="font-medium">{key}</dt>
          <dd className="break-words text-muted-foreground">
            {entry.operation === 'update'
              ? `${show(before[key])} → ${show(after[key])}`
              : show(entry.operation === 'delete' ? before[key] : after[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '—';
  return JSON.stringify(value);
}
