import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCan } from '@/lib/permissions';
import { AdminAuditList } from '@/features/users/components/admin-audit-list';
import { InviteDialog } from '@/features/users/components/invite-dialog';
import { InviteList } from '@/features/users/components/invite-list';
import { OneTimeLinkDialog } from '@/features/users/components/one-time-link-dialog';
import { UserList } from '@/features/users/components/user-list';
import { NoAccess } from '@/components/layout/no-access';

/** /users (org admins, ADR 024): the users with their roles and statuses, invites, and administrative changes. */
export default function UsersPage() {
  const { grant, reason } = useCan();
  const [inviting, setInviting] = useState(false);
  const [tab, setTab] = useState('users');
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);

  if (grant('user.manage') !== 'any') return <NoAccess title="Users" reason={reason('user.manage')} />;

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Who can sign in, with which role"
        actions={
          <Button type="button" onClick={() => setInviting(true)}>
            <UserPlus aria-hidden /> Invite user
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full justify-start sm:w-auto">
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="invites">Invites</TabsTrigger>
          <TabsTrigger value="audit">Administrative changes</TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UserList />
        </TabsContent>
        <TabsContent value="invites">
          <InviteList />
        </TabsContent>
        <TabsContent value="audit">
          <AdminAuditList />
        </TabsContent>
      </Tabs>
      <InviteDialog
        open={inviting}
        onOpenChange={setInviting}
        onCreated={(created) => {
          setTab('invites');
          setLink(created);
        }}
      />
      <OneTimeLinkDialog
        link={link}
        title="Invite link created"
        description="Send this link to the person you are inviting: it signs them up once, with the role you chose."
        onClose={() => setLink(null)}
      />
    </>
  );
}
