import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/auth';
import { AccountDetailsForm } from '@/features/account/components/account-details-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';
import { CalendarFeedCard } from '@/features/account/components/calendar-feed-card';
import { EmailDigestCard } from '@/features/account/components/email-digest-card';

/** /account: every user's own name, email and password, their calendar feed of due dates, and their email digests. */
export default function AccountPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Your account" subtitle="Your name, email, password and calendar" />
      <div className="grid max-w-2xl gap-6">
        <AccountDetailsForm key={user.id} user={user} />
        <ChangePasswordForm />
        <CalendarFeedCard />
        <EmailDigestCard hasEmail={Boolean(user.email)} />
      </div>
    </>
  );
}
