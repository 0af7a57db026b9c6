import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Tx } from '../db/actor';
import { organisationSettings } from '../db/schema';
import type { RegistrationMode } from '../../shared/domain/accounts';
import { ADJUSTABLE_PERMISSIONS, ADJUSTABLE_ROLES, type Permission } from '../../shared/domain/permissions';
import type { Role } from '../../shared/domain/roles';
import type { LabelContent } from '../../shared/domain/labels';
import type { AccessEvents } from './access-events';

export interface OrganisationSettings {
  registrationMode: RegistrationMode;
  /** Per role, the permissions withdrawn from the default matrix (only adjustable ones are kept). */
  withdrawn: Partial<Record<Role, Permission[]>>;
  /** What printed labels' QR codes encode, and the base address of their links (ADR 027). */
  labelContent: LabelContent;
  labelLinkBase: string | null;
}

/**
 * The organisation's one settings row, made at the first start with REGISTRATION_MODE and changed
 * only in Settings. Every request that asks the policy reads it, so each process keeps a copy,
 * dropped when any process announces a change.
 */
export function organisationSettingsStore(db: Db, events: AccessEvents, initialMode: RegistrationMode) {
  // Trusted only while change events are heard; otherwise every request reads the row.
  let cached: OrganisationSettings | null = null;
  events.on((event) => {
    if (event.kind !== 'user') cached = null;
  });

  const read = async (): Promise<OrganisationSettings> => {
    const [row] = await db.select().from(organisationSettings).where(eq(organisationSettings.id, 1));
    if (row) return { registrationMode: row.registrationMode, withdrawn: row.withdrawn, labelContent: row.labelContent, labelLinkBase: row.labelLinkBase };
    // First start: the environment chooses; a concurrent first start may win the insert.
    await db.insert(organisationSettings).values({ id: 1, registrationMode: initialMode }).onConflictDoNothing();
    return read();
  };

  return {
    async get(): Promise<OrganisationSettings> {
      if (cached && events.connected) return cached;
      const settings = await read();
      if (events.connected) cached = settings;
      return settings;
    },

    /** Changes the settings in the caller's transaction (which the audit trail attributes to the admin). */
    async update(tx: Tx, change: Partial<OrganisationSettings>): Promise<void> {
      await read();
      await tx
        .update(organisationSettings)
        .set({
          ...(change.registrationMode !== undefined && { registrationMode: change.registrationMode }),
          ...(change.withdrawn !== undefined && { withdrawn: onlyAdjustable(change.withdrawn) }),
          ...(change.labelContent !== undefined && { labelContent: change.labelContent }),
          ...(change.labelLinkBase !== undefined && { labelLinkBase: change.labelLinkBase }),
          version: sql`${organisationSettings.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(organisationSettings.id, 1));
      await events.send(tx, { kind: 'settings' });
    },
  };
}

export type OrganisationSettingsStore = ReturnType<typeof organisationSettingsStore>;

/** Keeps only adjustable roles and permissions, each once, in the matrix's order. */
function onlyAdjustable(withdrawn: Partial<Record<Role, Permission[]>>): Partial<Record<Role, Permission[]>> {
  return Object.fromEntries(
    ADJUSTABLE_ROLES.map((role) => [role, ADJUSTABLE_PERMISSIONS.filter((p) => withdrawn[role]?.includes(p))]).filter(
      ([, permissions]) => permissions!.length > 0,
    ),
  );
}
