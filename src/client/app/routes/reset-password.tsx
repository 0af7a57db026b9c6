import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { passwordResetSchema } from '@shared/contract/users';
import { errorMessage } from '@/lib/api-client';
import { useHashToken } from '@/lib/hash-token';
import { paths } from '@/config/paths';
import { AuthFrame } from '@/components/layout/auth-frame';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, SubmitButton, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useResetPassword } from '@/features/auth/api/use-reset-password';

const formSchema = passwordResetSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, { path: ['confirmPassword'], message: 'The passwords do not match' });
type FormValues = z.infer<typeof formSchema>;

const signInLink = (
  <Link href={paths.auth} className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
    Go to sign in
  </Link>
);

/** /reset-password#token=… (public): a new password through an org admin's one-time link. */
export default function ResetPasswordPage() {
  const token = useHashToken();
  // Another link opened in this tab starts afresh.
  return <ResetPassword key={token} token={token} />;
}

function ResetPassword({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors } = form.formState;

  return (
    <AuthFrame>
      <Card>
        {!token ? (
          <>
            <CardHeader>
              <CardTitle>Reset password</CardTitle>
              <CardDescription role="alert">This password reset link is not valid or has expired.</CardDescription>
            </CardHeader>
            <CardContent>{signInLink}</CardContent>
          </>
        ) : reset.isSuccess ? (
          <>
            <CardHeader>
              <CardTitle>Password changed</CardTitle>
              <CardDescription role="status">Password changed. Sign in with your new password.</CardDescription>
            </CardHeader>
            <CardContent>{signInLink}</CardContent>
          </>
        ) : (
          <>
            <CardHeader>
              <CardTitle>Reset password</CardTitle>
              <CardDescription>Choose a new password for your account.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                className="grid gap-4"
                noValidate
                onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
              >
                {reset.isError && (
                  <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-3 text-sm text-destructive">
                    {errorMessage(reset.error)}
                  </p>
                )}
                <TextField form={form} name="password" id="reset-password" label="New password" type="password" autoComplete="new-password" />
                <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
                  <Input
                    id="reset-confirm-password"
                    type="password"
                    autoComplete="new-password"
                    aria-invalid={!!errors.confirmPassword}
                    {...form.register('confirmPassword')}
                  />
                </FormField>
                <SubmitButton className="w-full" pending={reset.isPending}>
                  Set new password
                </SubmitButton>
              </form>
              {reset.isError && signInLink}
            </CardContent>
          </>
        )}
      </Card>
    </AuthFrame>
  );
}
