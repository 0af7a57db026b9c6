/**
 * Run as a separate process by src/server/db/embedded.test.ts: starts embedded PostgreSQL in the data
 * folder given as argument, writes a row, prints {"url"} on one line and waits to be killed.
 */
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: embedded-child.ts <dataDir>');

const embedded = await startEmbeddedPostgres({ dataDir });
const client = new pg.Client({ connectionString: embedded.url });
await client.connect();
await client.query('CREATE TABLE survivor (note text NOT NULL)');
await client.query("INSERT INTO survivor VALUES ('written before the crash')");
await client.end();

process.stdout.write(JSON.stringify({ url: embedded.url }) + '\n');
setInterval(() => {}, 60_000);
