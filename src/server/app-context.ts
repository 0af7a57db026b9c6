import type { Config } from './config';
import type { Db } from './db/client';
import type { ObjectStorage } from './storage';

/** What every module gets: configuration, the database, object storage, the signing secret and the clock. */
export interface AppContext {
  config: Config;
  db: Db;
  storage: ObjectStorage;
  /** Signs download and upload links (SESSION_SECRET, or one generated into DATA_DIR). */
  secret: string;
  now: () => Date;
}
