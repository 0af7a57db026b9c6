import type { Config } from './config';
import type { Db } from './db/client';

/** What every module gets: configuration, the database and the clock (replaceable in tests). */
export interface AppContext {
  config: Config;
  db: Db;
  now: () => Date;
}
