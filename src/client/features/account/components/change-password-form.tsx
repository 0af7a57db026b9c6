import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { changePasswordSchema } from '@shared/contract/users';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
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
  const { errors } = form.formState;
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
          <FormField id="account-current-password" label="Current password" error={errors.currentPassword?.message}>
            <Input id="account-current-password" type="password" autoComplete="current-password" aria-invalid={!!errors.currentPassword} {...form.register('currentPassword')} />
          </FormField>
          <FormField id="account-new-password" label="New password" error={errors.newPassword?.message}>
            <Input id="account-new-password" type="password" autoComplete="new-password" aria-invalid={!!errors.newPassword} {...form.register('newPassword')} />
          </FormField>
          <FormField id="account-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
            <Input id="account-confirm-password" type="password" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...form.register('confirmPassword')} />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Change password
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
