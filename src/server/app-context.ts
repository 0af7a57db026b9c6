import type { Config } from './config';
import type { Db } from './db/client';
import type { ObjectStorage } from './storage';
import type { AccessEvents } from './policy/access-events';
import type { OrganisationSettingsStore } from './policy/organisation-settings';
import type { AccessPolicy } from './policy/policy';

/**
 * What every module gets: configuration, the database, object storage, the signing secret, the clock,
 * and who may do what (the organisation's settings and the access policy, ADR 024).
 */
export interface AppContext {
  config: Config;
  db: Db;
  storage: ObjectStorage;
  /** Signs download and upload links (SESSION_SECRET, or one generated into DATA_DIR). */
  secret: string;
  now: () => Date;
  accessEvents: AccessEvents;
  settings: OrganisationSettingsStore;
  policy: AccessPolicy;
}
