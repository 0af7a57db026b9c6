import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createInviteSchema, type CreateInviteInput } from '@shared/contract/users';
import { DEFAULT_ROLE, ROLE_LABELS, ROLES } from '@shared/domain/roles';
import { INVITE_TTL_DAYS } from '@shared/domain/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useCreateInvite } from '@/features/users/api/use-create-invite';

/** Invite user: a role and an optional email; the created link is handed to onCreated to show once. */
export function InviteDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (link: { url: string; expiresAt: string }) => void;
}) {
  const formId = useId();
  const createInvite = useCreateInvite();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !createInvite.isPending && onOpenChange(next)}
      title="Invite user"
      description={`A single-use sign-up link with the role you choose. It expires after ${INVITE_TTL_DAYS} days.`}
      footer={
        <>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={createInvite.isPending}>
            {createInvite.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Create invite link
          </Button>
        </>
      }
    >
      <InviteForm
        formId={formId}
        onSubmit={(values) =>
          createInvite.mutate(values, {
            onSuccess: ({ url, invite }) => {
              onOpenChange(false);
              onCreated({ url, expiresAt: invite.expiresAt });
            },
            onError: (error) => toast({ title: 'Failed to create invite', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </Dialog>
  );
}

function InviteForm({ formId, onSubmit }: { formId: string; onSubmit: (values: CreateInviteInput) => void }) {
  const form = useForm<CreateInviteInput>({ resolver: zodResolver(createInviteSchema), defaultValues: { role: DEFAULT_ROLE, email: '' } });
  const { errors } = form.formState;
  const field = (name: string) => `${formId}-${name}`;
  return (
    <form id={formId} className="grid gap-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField id={field('role')} label="Role" error={errors.role?.message}>
        <NativeSelect id={field('role')} aria-invalid={!!errors.role} {...form.register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={field('email')} label="Email (optional)" error={errors.email?.message}>
        <Input id={field('email')} type="email" autoComplete="off" aria-invalid={!!errors.email} {...form.register('email')} />
      </FormField>
      <p className="text-sm text-muted-foreground">The email is a note for you: nothing is sent. Copy the link and pass it on.</p>
    </form>
  );
}
