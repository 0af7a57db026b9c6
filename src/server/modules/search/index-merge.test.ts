import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../../../tests/setup/test-app';
import { insertAsset } from '../../../../tests/factories/register';
import { mergeSearchIndexes } from './index-merge';

let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ user: { id: userId } } = await registerUser(t.app));
});
afterAll(() => t.close());

describe('merging the search indexes', () => {
  it("merges the pending lists new records leave, as the app's own role", async () => {
    await mergeSearchIndexes(t.db);
    for (let i = 0; i < 40; i++) await insertAsset(t.db, userId, { make: `Pendingmake${i}`, model: `PL-${i}00`, description: 'Left in the pending list' });
    expect(await mergeSearchIndexes(t.db)).toBeGreaterThan(0);
    // Nothing left: the next run only reads each index's metapage.
    expect(await mergeSearchIndexes(t.db)).toBe(0);
  });

  it('leaves the job to the process that holds it', async () => {
    const holder = await t.ownerDb.$client.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1, 0)', [0x534d47]);
      expect(await mergeSearchIndexes(t.db)).toBeNull();
      await holder.query('SELECT pg_advisory_unlock($1, 0)', [0x534d47]);
    } finally {
      holder.release();
    }
    expect(await mergeSearchIndexes(t.db)).toBe(0);
  });
});
