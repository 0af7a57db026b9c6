import { useId } from 'react';
import { Mail } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useEmailDigest, useSetEmailDigest } from '@/features/account/api/use-email-digest';

/**
 * Email digests (ADR 025, reminders): one email when inspections the user answers for become due
 * soon or overdue. On unless switched off here; the card says when the server sends no email at all
 * (no SMTP server set up), and when the user has no address to send to.
 */
export function EmailDigestCard({ hasEmail }: { hasEmail: boolean }) {
  const checkboxId = useId();
  const digest = useEmailDigest();
  const setDigest = useSetEmailDigest();

  const toggle = (enabled: boolean) =>
    setDigest.mutate(
      { enabled },
      {
        onSuccess: () => toast({ title: enabled ? 'Email digests on' : 'Email digests off' }),
        onError: (error) => toast({ title: 'Failed to change your email digests', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="h-5 w-5 text-muted-foreground" aria-hidden /> Email digests
        </CardTitle>
        <CardDescription>An email when inspections you are responsible for become due soon or overdue: once for each, listing all that fell due since the last one.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {digest.isLoading ? (
          <Skeleton className="h-10" />
        ) : digest.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your email digests: {errorMessage(digest.error)}
          </p>
        ) : (
          <>
            <label htmlFor={checkboxId} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                id={checkboxId}
                type="checkbox"
                className="h-4 w-4 accent-primary"
                checked={digest.data?.enabled ?? true}
                disabled={setDigest.isPending}
                onChange={(e) => toggle(e.target.checked)}
              />
              Email me when my inspections fall due
            </label>
            <p className="text-sm text-muted-foreground" data-testid="email-digest-status">
              {!digest.data?.smtpConfigured
                ? 'This server does not send email (no mail server is set up), so no digests are sent for now. Your choice is kept for when it does.'
                : !hasEmail
                  ? 'Add an email address above to receive them.'
                  : digest.data.enabled
                    ? 'On: digests go to your email address.'
                    : 'Off.'}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
