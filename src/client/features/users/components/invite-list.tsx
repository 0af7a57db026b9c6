import { useState } from 'react';
import { MailPlus } from 'lucide-react';
import type { Invite } from '@shared/contract/users';
import { INVITE_STATE_LABELS, type InviteState } from '@shared/domain/accounts';
import { ROLE_LABELS } from '@shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useInvites } from '@/features/users/api/use-invites';
import { useRevokeInvite } from '@/features/users/api/use-revoke-invite';
import { ConfirmDialog } from './confirm-dialog';

const STATE_STYLES: Record<InviteState, string> = {
  open: 'border-blue-200 bg-blue-50 text-blue-800',
  used: 'border-green-200 bg-green-50 text-green-800',
  expired: 'border-slate-300 bg-slate-100 text-slate-700',
  revoked: 'border-slate-300 bg-slate-100 text-slate-700',
};

/** Every invite, newest first, with its state; an open one can be revoked. */
export function InviteList() {
  const { data: invites, isLoading, isError, error } = useInvites();
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<Invite | null>(null);

  if (isLoading) return <Skeleton className="h-24" aria-label="Loading invites" />;
  if (isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
        Could not load invites: {errorMessage(error)}
      </p>
    );
  }
  if (!invites || invites.length === 0) return <EmptyState icon={MailPlus} title="No invites yet" />;

  return (
    <>
      <ul className="grid gap-2" aria-label="Invites">
        {invites.map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-3 text-sm" data-testid="invite-row">
            <div className="grid min-w-0 gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{ROLE_LABELS[invite.role]}</span>
                {invite.email && <span className="break-all text-muted-foreground">{invite.email}</span>}
                <Badge className={STATE_STYLES[invite.state]} data-testid="invite-state">
                  {INVITE_STATE_LABELS[invite.state]}
                </Badge>
              </div>
              <p className="text-muted-foreground">
                Created {formatDateTime(invite.createdAt)}
                {invite.createdByName && ` by ${invite.createdByName}`}
                {invite.state === 'used' && invite.usedByName ? ` · used by ${invite.usedByName}` : ` · expires ${formatDateTime(invite.expiresAt)}`}
              </p>
            </div>
            {invite.state === 'open' && (
              <Button type="button" size="sm" variant="outline" onClick={() => setRevoking(invite)}>
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this invite?"
        description="The link stops working at once. You can create a new invite later."
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast({ title: 'Invite revoked', description: 'The link no longer works.' });
            },
            onError: (error) => {
              setRevoking(null);
              toast({ title: 'Failed to revoke invite', description: errorMessage(error), variant: 'destructive' });
            },
          })
        }
      />
    </>
  );
}
