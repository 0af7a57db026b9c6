import { useState } from 'react';
import type { Settings } from '@shared/contract/users';
import { REGISTRATION_MODE_LABELS, REGISTRATION_MODES, type RegistrationMode } from '@shared/domain/accounts';
import { ADJUSTABLE_PERMISSIONS, ADJUSTABLE_ROLES, PERMISSION_LABELS, type Permission } from '@shared/domain/permissions';
import { ROLE_LABELS, type Role } from '@shared/domain/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateSettings } from '@/features/settings/api/use-update-settings';

type Withdrawn = Record<Role, Permission[]>;

const withdrawnOf = (settings: Settings): Withdrawn =>
  Object.fromEntries(ADJUSTABLE_ROLES.map((role) => [role, settings.withdrawn[role] ?? []])) as Withdrawn;

/**
 * The organisation's settings: who may register, and which of the default matrix's permissions each
 * role keeps (ADR 024). A box is checked while the role has the permission; unchecking withdraws it.
 */
export function SettingsForm({ settings }: { settings: Settings }) {
  const update = useUpdateSettings();
  const [mode, setMode] = useState<RegistrationMode>(settings.registrationMode);
  const [withdrawn, setWithdrawn] = useState<Withdrawn>(() => withdrawnOf(settings));

  const toggle = (role: Role, permission: Permission, granted: boolean) =>
    setWithdrawn((prev) => ({
      ...prev,
      [role]: granted ? prev[role].filter((p) => p !== permission) : [...prev[role].filter((p) => p !== permission), permission],
    }));

  const save = () =>
    update.mutate(
      { registrationMode: mode, withdrawn },
      {
        onSuccess: (saved) => {
          setMode(saved.registrationMode);
          setWithdrawn(withdrawnOf(saved));
          toast({ title: 'Settings saved', description: 'The changes apply to every user from their next request.' });
        },
        onError: (error) => toast({ title: 'Failed to save settings', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <form
      // minmax(0, 1fr): the permission table scrolls inside its card on a phone, not the page.
      className="grid grid-cols-[minmax(0,1fr)] gap-6"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Registration</CardTitle>
          <CardDescription>Who may create an account on the sign-in page.</CardDescription>
        </CardHeader>
        <CardContent>
          <fieldset className="grid gap-3">
            <legend className="sr-only">Registration mode</legend>
            {REGISTRATION_MODES.map((value) => (
              <label key={value} className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                <input
                  type="radio"
                  name="registrationMode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="mt-0.5 h-4 w-4 accent-primary"
                />
                <span>{REGISTRATION_MODE_LABELS[value]}</span>
              </label>
            ))}
          </fieldset>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Permissions by role</CardTitle>
          <CardDescription>
            Uncheck a box to withdraw a permission from a role. Organisation admins keep every permission, and only they manage users and settings.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PermissionTable settings={settings} withdrawn={withdrawn} onToggle={toggle} />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner className="h-4 w-4 text-primary-foreground" />}
          Save settings
        </Button>
      </div>
    </form>
  );
}

function PermissionTable({
  settings,
  withdrawn,
  onToggle,
}: {
  settings: Settings;
  withdrawn: Withdrawn;
  onToggle: (role: Role, permission: Permission, granted: boolean) => void;
}) {
  return (
    <div className="-mx-2 overflow-x-auto px-2">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Permissions each role has</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="w-2/5 py-2 pr-3 text-left font-medium">
              Permission
            </th>
            {ADJUSTABLE_ROLES.map((role) => (
              <th key={role} scope="col" className="px-1 py-2 text-center font-medium [overflow-wrap:anywhere]">
                {ROLE_LABELS[role]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ADJUSTABLE_PERMISSIONS.map((permission) => (
            <tr key={permission} className="border-b last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-normal [overflow-wrap:anywhere]">
                {PERMISSION_LABELS[permission]}
              </th>
              {ADJUSTABLE_ROLES.map((role) => {
                const byDefault = settings.defaultMatrix[role]?.[permission] ?? 'none';
                const name = `${ROLE_LABELS[role]}: ${PERMISSION_LABELS[permission]}`;
                return (
                  <td key={role} className="px-1 py-2 text-center">
                    {byDefault === 'none' ? (
                      <span className="text-muted-foreground" title="Not available to this role">
                        <span aria-hidden>—</span>
                        <span className="sr-only">{name}: not available to this role</span>
                      </span>
                    ) : (
                      <label className="inline-flex cursor-pointer flex-col items-center gap-0.5 sm:flex-row sm:gap-1.5">
                        <input
                          type="checkbox"
                          className="h-4 w-4 accent-primary"
                          aria-label={byDefault === 'own' ? `${name} (own records)` : name}
                          checked={!withdrawn[role].includes(permission)}
                          onChange={(e) => onToggle(role, permission, e.target.checked)}
                        />
                        {byDefault === 'own' && <span className="text-xs text-muted-foreground">own records</span>}
                      </label>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
