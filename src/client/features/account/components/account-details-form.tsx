import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { User } from '@shared/contract/auth';
import { updateAccountSchema, type UpdateAccountInput } from '@shared/contract/users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SubmitButton, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateAccount } from '@/features/account/api/use-update-account';
import { applyFieldErrors } from '@/features/account/field-errors';

/** The user's own full name and email. */
export function AccountDetailsForm({ user }: { user: User }) {
  const update = useUpdateAccount();
  const form = useForm<UpdateAccountInput>({
    resolver: zodResolver(updateAccountSchema),
    defaultValues: { fullName: user.fullName, email: user.email ?? '' },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset({ fullName: saved.fullName, email: saved.email ?? '' });
        toast({ title: 'Account updated', description: 'Your details have been saved.' });
      },
      onError: (error) => {
        if (!applyFieldErrors(error, form.setError)) toast({ title: 'Failed to update account', description: errorMessage(error), variant: 'destructive' });
      },
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your details</CardTitle>
        <CardDescription>
          Signed in as <span className="font-medium text-foreground">{user.username}</span>. Your username and role are set by an organisation admin.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <TextField form={form} name="fullName" id="account-full-name" label="Full name" autoComplete="name" />
          <TextField form={form} name="email" id="account-email" label="Email" type="email" autoComplete="email" />
          <SubmitButton className="justify-self-start" pending={update.isPending}>
            Save details
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
