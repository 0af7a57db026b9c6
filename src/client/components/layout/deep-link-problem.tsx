import { Link } from 'wouter';
import { AlertCircle } from 'lucide-react';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { Card, CardContent } from '@/components/ui/card';

/** Why a label's link opened nothing, with a way into the app. */
export function DeepLinkProblem({ title, detail, error }: { title: string; detail?: string; error?: unknown }) {
  return (
    <div className="flex min-h-screen w-full items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="h-6 w-6 shrink-0 text-destructive" aria-hidden />
            <h1 className="text-xl font-bold">{title}</h1>
          </div>
          <p className="text-sm text-muted-foreground" role={error ? 'alert' : undefined}>
            {error ? errorMessage(error) : detail}
          </p>
          <Link href={paths.dashboard} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Go to the dashboard
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
