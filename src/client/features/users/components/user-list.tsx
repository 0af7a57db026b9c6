import { useId, useState } from 'react';
import { Users } from 'lucide-react';
import type { ManagedUser } from '@shared/contract/users';
import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@shared/domain/accounts';
import { ROLE_LABELS, ROLES } from '@shared/domain/roles';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { Input, NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUsers } from '@/features/users/api/use-users';
import { UserAreas } from './user-areas';
import { UserRowActions } from './user-row-actions';

const SEARCH_DEBOUNCE_MS = 300;

const STATUS_STYLES: Record<UserStatus, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  active: 'border-green-200 bg-green-50 text-green-800',
  deactivated: 'border-slate-300 bg-slate-100 text-slate-700',
};

/** Pending applications first (they wait on an admin), then everyone else in the server's order. */
const pendingFirst = (users: ManagedUser[]) => [...users.filter((u) => u.status === 'pending'), ...users.filter((u) => u.status !== 'pending')];

/** The Users tab: search, role and status filters, and a row per user with what an admin can do. */
export function UserList() {
  const id = useId();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState('all');
  const [status, setStatus] = useState('all');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isLoading, isError, error } = useUsers({ search: debouncedSearch, role, status });
  const users = data ? pendingFirst(data.items) : [];
  const pendingCount = users.filter((u) => u.status === 'pending').length;

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-search`}>Search users</Label>
          <Input id={`${id}-search`} type="search" placeholder="Name, username or email" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <NativeSelect id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="all">All roles</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="all">All statuses</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {USER_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {pendingCount > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="pending-summary">
          {pendingCount === 1 ? '1 account is' : `${pendingCount} accounts are`} awaiting approval.
        </p>
      )}

      {isLoading ? (
        <div className="grid gap-2" aria-busy="true" aria-label="Loading users">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-md border border-destructive/50 p-4 text-sm text-destructive">
          Could not load users: {errorMessage(error)}
        </p>
      ) : users.length === 0 ? (
        <EmptyState icon={Users} title="No users match" />
      ) : (
        <>
          {data && data.total > data.items.length && (
            <p className="text-sm text-muted-foreground">
              Showing {data.items.length} of {data.total} users: search or filter to narrow the list.
            </p>
          )}
          <ul className="grid gap-2" aria-label="Users">
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function UserRow({ user }: { user: ManagedUser }) {
  return (
    <li
      className="grid gap-3 rounded-lg border bg-card p-3 text-sm lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center"
      data-testid="user-row"
      data-status={user.status}
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{user.fullName}</span>
          <span className="text-muted-foreground">@{user.username}</span>
          <Badge className={STATUS_STYLES[user.status]} data-testid="user-status">
            {USER_STATUS_LABELS[user.status]}
          </Badge>
        </div>
        <dl className="grid gap-x-4 gap-y-0.5 text-muted-foreground sm:grid-cols-[auto_1fr] [&_dt]:font-medium [&_dt]:text-foreground">
          <dt>Email</dt>
          <dd className="break-all">{user.email || '—'}</dd>
          <dt>Role</dt>
          <dd data-testid="user-role-label">
            {ROLE_LABELS[user.role]}
            {user.status === 'pending' && user.requestedRole && ` (requested ${ROLE_LABELS[user.requestedRole]})`}
          </dd>
          {user.role === 'area_manager' && (
            <>
              <dt>Areas</dt>
              <dd data-testid="user-areas">
                <UserAreas user={user} />
              </dd>
            </>
          )}
          <dt>Last sign-in</dt>
          <dd>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}</dd>
        </dl>
      </div>
      <UserRowActions user={user} />
    </li>
  );
}
