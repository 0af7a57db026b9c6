import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@shared/contract/auth';
import { DEFAULT_ROLE, ROLE_LABELS, ROLES, type Role } from '@shared/domain/roles';
import { useAuth } from '@/lib/auth';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, SubmitButton, TextField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';

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
          <TextField form={form} name="fullName" id="register-full-name" label="Full name" autoComplete="name" />
          <TextField form={form} name="email" id="register-email" label="Email" type="email" autoComplete="email" />
          <TextField form={form} name="username" id="register-username" label="Username" autoComplete="username" autoCapitalize="none" />
          <TextField form={form} name="password" id="register-password" label="Password" type="password" autoComplete="new-password" />
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
          <SubmitButton className="w-full" pending={registerMutation.isPending}>
            Create account
          </SubmitButton>
        </form>
      </CardContent>
    </>
  );
}
