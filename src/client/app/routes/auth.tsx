import { useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@shared/contract/auth';
import type { RegistrationMode } from '@shared/domain/accounts';
import { useAuth } from '@/lib/auth';
import { useRegistrationMode } from '@/lib/registration';
import { paths } from '@/config/paths';
import { returnPathOf } from '@/lib/return-to';
import { AuthFrame } from '@/components/layout/auth-frame';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SubmitButton, TextField } from '@/components/ui/form-field';
import { AwaitingApproval } from '@/features/auth/components/awaiting-approval';
import { RegisterForm } from '@/features/auth/components/register-form';

/** Why the create-account form is not offered, by registration mode (ADR 024). */
const NO_SIGN_UP: Partial<Record<RegistrationMode, string>> = {
  closed: 'Registration is closed. Ask an organisation admin for an account.',
  invite: 'Registration is by invitation only. Ask an organisation admin for an invite link.',
};

const APPROVAL_ROLE_NOTE = 'Your role is a request: an organisation admin approves your account and decides your role.';

/** Sign-in / create-account page (spec §2): the form on the left, the product on the right. */
export default function AuthPage() {
  const { user, registerMutation } = useAuth();
  const { mode: registration } = useRegistrationMode();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const search = useSearch();

  // Signed in: back to the label's link that sent the visitor here, or to the dashboard.
  if (user) return <Redirect to={returnPathOf(search) ?? paths.dashboard} />;

  // While the mode loads, or if it cannot be read, the spec's open form shows; the server decides.
  const noSignUp = registration ? NO_SIGN_UP[registration] : undefined;
  const pending = registerMutation.data?.status === 'pending';
  const showRegister = mode === 'register' && !noSignUp;
  const backToSignIn = () => {
    registerMutation.reset();
    setMode('login');
  };

  return (
    <AuthFrame>
      <Card>
        {pending ? (
          <AwaitingApproval onBackToSignIn={backToSignIn} />
        ) : (
          <>
            {showRegister ? <RegisterForm roleNote={registration === 'approval' ? APPROVAL_ROLE_NOTE : undefined} /> : <LoginForm />}
            <div className="px-6 pb-6 text-center text-sm">
              {noSignUp ? (
                <p className="text-muted-foreground" data-testid="registration-unavailable">
                  {noSignUp}
                </p>
              ) : (
                <button
                  type="button"
                  className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded"
                  onClick={() => setMode(showRegister ? 'login' : 'register')}
                >
                  {showRegister ? 'Already have an account? Sign in' : "Don't have an account? Sign up"}
                </button>
              )}
            </div>
          </>
        )}
      </Card>
    </AuthFrame>
  );
}

function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  return (
    <>
      <CardHeader>
        <CardTitle>Sign in</CardTitle>
        <CardDescription>Enter your username and password to continue.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
          <TextField form={form} name="username" id="login-username" label="Username" autoComplete="username" autoCapitalize="none" />
          <TextField form={form} name="password" id="login-password" label="Password" type="password" autoComplete="current-password" />
          <SubmitButton className="w-full" pending={loginMutation.isPending}>
            Sign in
          </SubmitButton>
        </form>
      </CardContent>
    </>
  );
}
