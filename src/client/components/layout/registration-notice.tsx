import { Link } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import { paths } from '@/config/paths';
import { useCan } from '@/lib/permissions';
import { useRegistrationMode } from '@/lib/registration';
import { Button } from '@/components/ui/button';

/**
 * A security notice for the org admins who can change it, shown on every page while anyone may
 * sign up with any role (ADR 024). It cannot be dismissed: it goes when registration is no longer open.
 */
export function RegistrationNotice() {
  const { grant } = useCan();
  const mayChange = grant('settings.manage') === 'any';
  const { mode } = useRegistrationMode(mayChange);
  if (!mayChange || mode !== 'open') return null;
  return (
    <div
      role="region"
      aria-label="Registration notice"
      data-testid="open-registration-notice"
      className="flex flex-col gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between md:px-6"
    >
      <p className="flex items-start gap-2">
        <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>Registration is open: anyone who can reach this server can sign up with any role, including Organisation Admin.</span>
      </p>
      <Button asChild size="sm" variant="outline" className="shrink-0 self-start border-amber-400 bg-white sm:self-auto">
        <Link href={paths.settings} aria-label="Change registration settings">
          Change
        </Link>
      </Button>
    </div>
  );
}
