import { useId, useState } from 'react';
import { CalendarDays, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useCalendarFeed, useCalendarFeedWrites } from '@/features/account/api/use-calendar-feed';

/**
 * Calendar feed (ADR 025, reminders): a secret link that puts the due dates the user answers for into
 * Outlook or Google Calendar. The link is shown once, when made; making a new one stops the old
 * (for a link that was shared by mistake), and it can be turned off.
 */
export function CalendarFeedCard() {
  const linkId = useId();
  const feed = useCalendarFeed();
  const { renew, turnOff } = useCalendarFeedWrites();
  const [link, setLink] = useState<string | null>(null);
  const failed = (title: string) => (error: Error) => toast({ title, description: errorMessage(error), variant: 'destructive' });

  const makeLink = () => renew.mutate(undefined, { onSuccess: ({ url }) => setLink(url), onError: failed('Failed to make a calendar link') });
  const off = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => {
        setLink(null);
        toast({ title: 'Calendar feed turned off', description: 'The link no longer works.' });
      },
      onError: failed('Failed to turn the calendar feed off'),
    });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link!);
      toast({ title: 'Link copied', description: 'Add it to your calendar app as a calendar from a URL (a subscription).' });
    } catch {
      toast({ title: 'Copy the link by hand', description: 'Select the link and copy it: this browser did not allow copying.' });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays className="h-5 w-5 text-muted-foreground" aria-hidden /> Calendar feed
        </CardTitle>
        <CardDescription>
          The due dates of the inspections you are responsible for, in Outlook, Google Calendar or Apple Calendar. Anyone with the link can read them: keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isLoading ? (
          <Skeleton className="h-10" />
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your calendar feed: {errorMessage(feed.error)}
          </p>
        ) : (
          <p className="text-sm" data-testid="calendar-feed-status">
            {feed.data?.active
              ? `On since ${formatDateTime(feed.data.createdAt!)}${feed.data.lastFetchedAt ? `; last read by a calendar ${formatDateTime(feed.data.lastFetchedAt)}` : '; not read by a calendar yet'}.`
              : 'Off.'}
          </p>
        )}
        {link && (
          <div className="grid gap-2">
            <label htmlFor={linkId} className="text-sm font-medium">
              Your calendar link (shown this once)
            </label>
            <div className="flex gap-2">
              <Input id={linkId} readOnly value={link} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <Button type="button" variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden /> Copy
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" onClick={makeLink} disabled={renew.isPending}>
            {renew.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
            {feed.data?.active ? 'Make a new link' : 'Make a calendar link'}
          </Button>
          {feed.data?.active && (
            <Button type="button" variant="outline" onClick={off} disabled={turnOff.isPending}>
              Turn off
            </Button>
          )}
        </div>
        {feed.data?.active && !link && <p className="text-xs text-muted-foreground">A new link stops the old one working.</p>}
      </CardContent>
    </Card>
  );
}
