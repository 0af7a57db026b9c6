import { ShieldOff } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from './page-header';

/** A page the user's role may not use (reached by a typed or old link): the reason, never a blank 403. */
export function NoAccess({ title, reason }: { title: string; reason: string }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState icon={ShieldOff} title="You do not have access to this page">
        <p className="text-sm text-muted-foreground">{reason}</p>
      </EmptyState>
    </>
  );
}
