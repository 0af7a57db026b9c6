import { Link, Redirect } from 'wouter';
import { ROLE_LABELS } from '@shared/domain/roles';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/api-client';
import { useHashToken } from '@/lib/hash-token';
import { paths } from '@/config/paths';
import { AuthFrame } from '@/components/layout/auth-frame';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useInvitePreview } from '@/features/auth/api/use-invite-preview';
import { RegisterForm } from '@/features/auth/components/register-form';

const INVALID = 'This invite link is not valid or has expired.';

/** /invite#token=… (public): sign-up through an org admin's invite, with the invite's role. */
export default function InvitePage() {
  const { user } = useAuth();
  // The fragment is the page's input: it stays out of every request's URL.
  const token = useHashToken();
  const preview = useInvitePreview(token);

  if (user) return <Redirect to={paths.dashboard} />;

  return (
    <AuthFrame>
      <Card>
        {preview.isLoading ? (
          <CardContent className="flex justify-center p-10">
            <Spinner />
            <span className="sr-only">Checking the invite</span>
          </CardContent>
        ) : !token || preview.isError || !preview.data ? (
          <>
            <CardHeader>
              <CardTitle>Invite not valid</CardTitle>
              <CardDescription role="alert">{token && preview.error && !/^404:/.test(preview.error.message) ? errorMessage(preview.error) : INVALID}</CardDescription>
            </CardHeader>
            <CardContent>
              <p className="text-sm text-muted-foreground">Ask the organisation admin who invited you for a new link.</p>
              <Link href={paths.auth} className="mt-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
                Go to sign in
              </Link>
            </CardContent>
          </>
        ) : (
          <>
            <p className="mx-6 mt-6 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" data-testid="invite-role">
              You have been invited as <span className="font-semibold">{ROLE_LABELS[preview.data.role]}</span>.
            </p>
            <RegisterForm key={token} invite={{ token, role: preview.data.role, email: preview.data.email }} description="Choose your username and password to join." />
            <div className="px-6 pb-6 text-center text-sm">
              <Link href={paths.auth} className="font-medium text-primary underline-offset-4 hover:underline">
                Already have an account? Sign in
              </Link>
            </div>
          </>
        )}
      </Card>
    </AuthFrame>
  );
}
