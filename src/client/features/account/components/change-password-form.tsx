import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordSchema } from '@shared/contract/users';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SubmitButton, TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '@/features/account/api/use-change-password';
import { applyFieldErrors } from '@/features/account/field-errors';

const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'The passwords do not match' });
type FormValues = z.infer<typeof formSchema>;

/** Change password: the current one, the new one twice. Other sessions end; this one stays. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const submit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ title: 'Password changed', description: 'You were signed out everywhere else; this session stays signed in.' });
        },
        onError: (error) => {
          if (!applyFieldErrors(error, form.setError)) toast({ title: 'Failed to change password', description: errorMessage(error), variant: 'destructive' });
        },
      },
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Changing it signs you out on every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <TextField form={form} name="currentPassword" id="account-current-password" label="Current password" type="password" autoComplete="current-password" />
          <TextField form={form} name="newPassword" id="account-new-password" label="New password" type="password" autoComplete="new-password" />
          <TextField form={form} name="confirmPassword" id="account-confirm-password" label="Confirm new password" type="password" autoComplete="new-password" />
          <SubmitButton className="justify-self-start" pending={change.isPending}>
            Change password
          </SubmitButton>
        </form>
      </CardContent>
    </Card>
  );
}
