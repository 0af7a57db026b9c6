import { useId, useState } from 'react';
import { Check, KeyRound, MapPin, UserCheck, UserX, X } from 'lucide-react';
import type { ManagedUser } from '@shared/contract/users';
import { ROLE_LABELS, ROLES, type Role } from '@shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useApproveUser } from '@/features/users/api/use-approve-user';
import { useCreatePasswordReset } from '@/features/users/api/use-create-password-reset';
import { useRejectUser } from '@/features/users/api/use-reject-user';
import { useUpdateUser } from '@/features/users/api/use-update-user';
import { AreasDialog } from './areas-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { OneTimeLinkDialog } from './one-time-link-dialog';

const failed = (title: string) => (error: Error) => toast({ title, description: errorMessage(error), variant: 'destructive' });

/** What an admin can do to one user: approve or reject an application, or change role, status and password. */
export function UserRowActions({ user }: { user: ManagedUser }) {
  return user.status === 'pending' ? <PendingActions user={user} /> : <AccountActions user={user} />;
}

function AccountActions({ user }: { user: ManagedUser }) {
  const id = useId();
  const update = useUpdateUser();
  const reset = useCreatePasswordReset();
  const [confirming, setConfirming] = useState(false);
  const [choosingAreas, setChoosingAreas] = useState(false);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const active = user.status === 'active';
  const shownRole = update.isPending && update.variables.role ? update.variables.role : user.role;

  const changeRole = (role: Role) =>
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: () => toast({ title: 'Role changed', description: `${user.fullName} is now ${ROLE_LABELS[role]}.` }),
        onError: failed('Failed to change role'),
      },
    );

  const changeStatus = () =>
    update.mutate(
      { id: user.id, status: active ? 'deactivated' : 'active' },
      {
        onSuccess: () => {
          setConfirming(false);
          toast({
            title: active ? 'User deactivated' : 'User reactivated',
            description: active ? `${user.fullName} is signed out and can no longer sign in.` : `${user.fullName} can sign in again.`,
          });
        },
        onError: (error) => {
          setConfirming(false);
          failed(active ? 'Failed to deactivate user' : 'Failed to reactivate user')(error);
        },
      },
    );

  const createReset = () =>
    reset.mutate(user.id, {
      onSuccess: setLink,
      onError: failed('Failed to create a password-reset link'),
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={`${id}-role`} className="sr-only">
        Role of {user.username}
      </label>
      <NativeSelect
        id={`${id}-role`}
        className="h-9 w-auto min-w-[11rem]"
        value={shownRole}
        disabled={update.isPending}
        onChange={(e) => changeRole(e.target.value as Role)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {ROLE_LABELS[role]}
          </option>
        ))}
      </NativeSelect>
      {/* Only area managers may be limited (the server refuses the rest). */}
      {user.role === 'area_manager' && (
        <Button type="button" size="sm" variant="outline" onClick={() => setChoosingAreas(true)} aria-label={`Areas of ${user.username}`}>
          <MapPin aria-hidden /> Areas…
        </Button>
      )}
      <Button type="button" size="sm" variant="outline" onClick={createReset} disabled={reset.isPending} aria-label={`Reset password of ${user.username}`}>
        {reset.isPending ? <Spinner className="h-4 w-4" /> : <KeyRound aria-hidden />} Reset password
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className={active ? 'text-destructive hover:bg-destructive/10 hover:text-destructive' : undefined}
        onClick={() => setConfirming(true)}
        aria-label={`${active ? 'Deactivate' : 'Reactivate'} ${user.username}`}
      >
        {active ? <UserX aria-hidden /> : <UserCheck aria-hidden />} {active ? 'Deactivate' : 'Reactivate'}
      </Button>

      <ConfirmDialog
        open={confirming}
        title={active ? `Deactivate ${user.fullName}?` : `Reactivate ${user.fullName}?`}
        description={
          active
            ? 'They are signed out at once and cannot sign in until reactivated. Their records stay in the register.'
            : 'They can sign in again with their password.'
        }
        confirmLabel={active ? 'Deactivate' : 'Reactivate'}
        destructive={active}
        pending={update.isPending}
        onConfirm={changeStatus}
        onCancel={() => setConfirming(false)}
      />
      {choosingAreas && <AreasDialog user={user} onClose={() => setChoosingAreas(false)} />}
      <OneTimeLinkDialog
        link={link}
        title={`Password reset link for ${user.fullName}`}
        description="Send this link to them: it lets them choose a new password once."
        onClose={() => setLink(null)}
      />
    </div>
  );
}

function PendingActions({ user }: { user: ManagedUser }) {
  const approve = useApproveUser();
  const reject = useRejectUser();
  const [approving, setApproving] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button type="button" size="sm" onClick={() => setApproving(true)} aria-label={`Approve ${user.username}`}>
        <Check aria-hidden /> Approve
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setRejecting(true)}
        aria-label={`Reject ${user.username}`}
      >
        <X aria-hidden /> Reject
      </Button>

      {approving && (
        <ApproveDialog
          user={user}
          pending={approve.isPending}
          onCancel={() => setApproving(false)}
          onApprove={(role) =>
            approve.mutate(
              { id: user.id, role },
              {
                onSuccess: () => {
                  setApproving(false);
                  toast({ title: 'Account approved', description: `${user.fullName} can now sign in as ${ROLE_LABELS[role]}.` });
                },
                onError: failed('Failed to approve account'),
              },
            )
          }
        />
      )}
      <ConfirmDialog
        open={rejecting}
        title={`Reject ${user.fullName}?`}
        description="The application is removed; they can apply again while registration allows it."
        confirmLabel="Reject"
        destructive
        pending={reject.isPending}
        onConfirm={() =>
          reject.mutate(user.id, {
            onSuccess: () => {
              setRejecting(false);
              toast({ title: 'Application rejected', description: `${user.fullName}'s application has been removed.` });
            },
            onError: (error) => {
              setRejecting(false);
              failed('Failed to reject application')(error);
            },
          })
        }
        onCancel={() => setRejecting(false)}
      />
    </div>
  );
}

function ApproveDialog({
  user,
  pending,
  onApprove,
  onCancel,
}: {
  user: ManagedUser;
  pending: boolean;
  onApprove: (role: Role) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [role, setRole] = useState<Role>(user.requestedRole ?? user.role);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !pending && onCancel()}
      title={`Approve ${user.fullName}`}
      description={user.requestedRole ? `They asked to be ${ROLE_LABELS[user.requestedRole]}. You decide their role.` : 'Choose their role.'}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="button" onClick={() => onApprove(role)} disabled={pending}>
            {pending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Approve
          </Button>
        </>
      }
    >
      <FormField id={`${id}-role`} label="Role">
        <NativeSelect id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </Dialog>
  );
}
