import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@shared/contract/auth';
import { DEFAULT_ROLE, ROLE_LABELS, ROLES, type Role } from '@shared/domain/roles';
import { useAuth } from '@/lib/auth';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/**
 * Create an account (spec §2). With an invite, the invite decides the role (no choice is shown) and
 * its token goes with the form; in approval mode the chosen role is a request, as `roleNote` says.
 */
export function RegisterForm({
  invite,
  roleNote,
  description = 'Register to start keeping your asset register.',
}: {
  invite?: { token: string; role: Role; email: string | null };
  roleNote?: string;
  description?: string;
}) {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: '', email: invite?.email ?? '', username: '', password: '', role: invite?.role ?? DEFAULT_ROLE },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) => registerMutation.mutate(invite ? { ...values, role: invite.role, inviteToken: invite.token } : values));
  return (
    <>
      <CardHeader>
        <CardTitle>Create an account</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <FormField id="register-full-name" label="Full name" error={errors.fullName?.message}>
            <Input id="register-full-name" autoComplete="name" aria-invalid={!!errors.fullName} {...form.register('fullName')} />
          </FormField>
          <FormField id="register-email" label="Email" error={errors.email?.message}>
            <Input id="register-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
          </FormField>
          <FormField id="register-username" label="Username" error={errors.username?.message}>
            <Input id="register-username" autoComplete="username" autoCapitalize="none" aria-invalid={!!errors.username} {...form.register('username')} />
          </FormField>
          <FormField id="register-password" label="Password" error={errors.password?.message}>
            <Input id="register-password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register('password')} />
          </FormField>
          {!invite && (
            <FormField id="register-role" label="Role" error={errors.role?.message}>
              <NativeSelect
                id="register-role"
                aria-invalid={!!errors.role}
                aria-describedby={roleNote ? 'register-role-note' : undefined}
                {...form.register('role')}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </NativeSelect>
              {roleNote && (
                <p id="register-role-note" className="text-sm text-muted-foreground">
                  {roleNote}
                </p>
              )}
            </FormField>
          )}
          <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
            {registerMutation.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Create account
          </Button>
        </form>
      </CardContent>
    </>
  );
}
