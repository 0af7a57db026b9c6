import { useState } from 'react';
import { Redirect } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BarChart3, Building2, Camera, ShieldCheck } from 'lucide-react';
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from '@shared/contract/auth';
import { DEFAULT_ROLE, ROLE_LABELS, ROLES } from '@shared/domain/roles';
import { useAuth } from '@/lib/auth';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@/components/layout/app-sidebar';

/** Sign-in / create-account page (spec §2): the form on the left, the product on the right. */
export default function AuthPage() {
  const { user } = useAuth();
  const [mode, setMode] = useState<'login' | 'register'>('login');

  if (user) return <Redirect to={paths.dashboard} />;

  return (
    <div className="grid min-h-screen lg:grid-cols-2">
      <div className="flex items-center justify-center p-4 sm:p-8">
        <div className="w-full max-w-md">
          <div className="mb-6 flex items-center gap-3">
            <div className="flex h-10 w-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Building2 className="h-5 w-5" aria-hidden />
            </div>
            <div>
              <p className="text-lg font-semibold">{PRODUCT_NAME}</p>
              <p className="text-sm text-muted-foreground">{PRODUCT_TAGLINE}</p>
            </div>
          </div>
          <Card>
            {mode === 'login' ? <LoginForm /> : <RegisterForm />}
            <div className="px-6 pb-6 text-center text-sm">
              <button
                type="button"
                className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded"
                onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
              >
                {mode === 'login' ? "Don't have an account? Sign up" : 'Already have an account? Sign in'}
              </button>
            </div>
          </Card>
        </div>
      </div>
      <MarketingPanel />
    </div>
  );
}

function LoginForm() {
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;
  return (
    <>
      <CardHeader>
        <CardTitle>Sign in</CardTitle>
        <CardDescription>Enter your username and password to continue.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}>
          <FormField id="login-username" label="Username" error={errors.username?.message}>
            <Input id="login-username" autoComplete="username" autoCapitalize="none" aria-invalid={!!errors.username} {...form.register('username')} />
          </FormField>
          <FormField id="login-password" label="Password" error={errors.password?.message}>
            <Input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
          </FormField>
          <Button type="submit" className="w-full" disabled={loginMutation.isPending}>
            {loginMutation.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Sign in
          </Button>
        </form>
      </CardContent>
    </>
  );
}

function RegisterForm() {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fullName: '', email: '', username: '', password: '', role: DEFAULT_ROLE },
  });
  const { errors } = form.formState;
  return (
    <>
      <CardHeader>
        <CardTitle>Create an account</CardTitle>
        <CardDescription>Register to start keeping your asset register.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => registerMutation.mutate(values))}>
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
          <FormField id="register-role" label="Role" error={errors.role?.message}>
            <NativeSelect id="register-role" aria-invalid={!!errors.role} {...form.register('role')}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button type="submit" className="w-full" disabled={registerMutation.isPending}>
            {registerMutation.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            Create account
          </Button>
        </form>
      </CardContent>
    </>
  );
}

const BLURBS = [
  {
    icon: Building2,
    title: 'Multi-site asset registry',
    text: 'Track every asset across your estate in a hierarchy of locations, from organisation and region down to floor and area.',
  },
  {
    icon: Camera,
    title: 'Photo evidence & condition tracking',
    text: 'Record condition assessments in the field with photos, defects and the actions they call for.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance & reporting',
    text: 'See fire, electrical, lifting-equipment and hygiene compliance at a glance and export reports to Excel or CSV.',
  },
];

function MarketingPanel() {
  return (
    <aside className="hidden flex-col justify-center bg-primary p-12 text-primary-foreground lg:flex" aria-label="About Asset Register">
      <div className="max-w-lg">
        <BarChart3 className="mb-6 h-10 w-10 opacity-80" aria-hidden />
        <h2 className="text-3xl font-bold leading-tight">Professional property asset management</h2>
        <p className="mt-3 text-primary-foreground/80">
          One register for your sites, assets, condition, compliance and meters, built for the office and the field.
        </p>
        <ul className="mt-10 grid gap-6">
          {BLURBS.map((blurb) => (
            <li key={blurb.title} className="flex gap-4">
              <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-foreground/10">
                <blurb.icon className="h-5 w-5" aria-hidden />
              </div>
              <div>
                <h3 className="font-semibold">{blurb.title}</h3>
                <p className="mt-1 text-sm text-primary-foreground/80">{blurb.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
