import { PageHeader } from '@/components/layout/page-header';
import { NoAccess } from '@/components/layout/no-access';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCan } from '@/lib/permissions';
import { useSettings } from '@/features/settings/api/use-settings';
import { SettingsForm } from '@/features/settings/components/settings-form';
import { LabelSettings } from '@/features/settings/components/label-settings';
import { BackupsSection } from '@/features/backups/components/backups-section';

/** /settings (org admins, ADR 024): the registration mode, each role's permissions, and backups (ADR 026). */
export default function SettingsPage() {
  const { grant, reason } = useCan();
  const allowed = grant('settings.manage') === 'any';
  if (!allowed) return <NoAccess title="Settings" reason={reason('settings.manage')} />;
  return <Settings />;
}

function Settings() {
  const { data: settings, isLoading, isError, error } = useSettings();
  const mayBackUp = useCan().grant('backup.manage') === 'any';
  return (
    <>
      <PageHeader title="Settings" subtitle={mayBackUp ? 'Registration, what each role may do, and backups' : 'Registration and what each role may do'} />
      {isLoading ? (
        <Skeleton className="h-96" aria-label="Loading settings" />
      ) : isError || !settings ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load settings: {errorMessage(error)}
        </p>
      ) : (
        <>
          <SettingsForm settings={settings} />
          <div className="mt-6">
            <LabelSettings settings={settings} />
          </div>
        </>
      )}
      {mayBackUp && (
        <div className="mt-10">
          <BackupsSection />
        </div>
      )}
    </>
  );
}
