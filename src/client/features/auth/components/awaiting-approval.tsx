import { Clock } from 'lucide-react';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** What an applicant sees after applying in approval mode: no session until an admin approves. */
export function AwaitingApproval({ onBackToSignIn }: { onBackToSignIn: () => void }) {
  return (
    <>
      <CardHeader>
        <Clock className="mb-2 h-8 w-8 text-primary" aria-hidden />
        <CardTitle>Awaiting approval</CardTitle>
        <CardDescription>Your account is awaiting approval. An organisation admin will review it and decide your role.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground">You can sign in once it has been approved.</p>
        <button
          type="button"
          onClick={onBackToSignIn}
          className="mt-4 rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Back to sign in
        </button>
      </CardContent>
    </>
  );
}
