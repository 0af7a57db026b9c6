import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/lib/auth';
import { AccountDetailsForm } from '@/features/account/components/account-details-form';
import { ChangePasswordForm } from '@/features/account/components/change-password-form';

/** /account: every user's own name, email and password. */
export default function AccountPage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <>
      <PageHeader title="Your account" subtitle="Your name, email and password" />
      <div className="grid max-w-2xl gap-6">
        <AccountDetailsForm key={user.id} user={user} />
        <ChangePasswordForm />
      </div>
    </>
  );
}
