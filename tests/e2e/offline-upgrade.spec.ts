import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createLocation, createMeter } from './fixtures';

/**
 * The device database's upgrade (ADR 028): a phone that kept writes in the outbox under the previous
 * version of the app (Dexie version 1: kept reads and the outbox) keeps every one of them when the new
 * version adds the table of sent records' ids, and sends them.
 */

// The app as it is installed on a phone (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test('an outbox kept by the version 1 device database is kept through the upgrade and sent', async ({ page, context }) => {
  await signUpViaApi(page, uniqueUser({ fullName: 'Uma Upgrade', role: 'asset_manager' }));
  const { id: userId } = (await (await context.request.get('/api/user')).json()) as { id: string };
  const site = await createLocation(page);
  const meter = await createMeter(page, { locationId: site.id });
  const readings = [{ reading: 120, day: 1 }, { reading: 135, day: 2 }];

  // A page of the app's origin that runs none of its code: the database is made there as version 1
  // left it (Dexie stores version n as IndexedDB version n * 10), with two readings waiting.
  await page.goto('/favicon.svg');
  await page.evaluate(
    async ({ userId, meterId, readings }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('asset-register', 10);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('reads', { keyPath: 'url' }).createIndex('savedAt', 'savedAt');
          const outbox = open.result.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
          outbox.createIndex('clientId', 'clientId', { unique: true });
          outbox.createIndex('userId', 'userId');
          outbox.createIndex('kind', 'kind');
        };
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('outbox', 'readwrite');
      for (const { reading, day } of readings) {
        tx.objectStore('outbox').add({
          clientId: crypto.randomUUID(),
          userId,
          kind: 'reading',
          method: 'POST',
          url: '/api/meter-readings',
          body: { meterId, reading, readingDate: new Date(Date.UTC(2026, 2, day)).toISOString() },
          label: `Reading ${reading}`,
          refs: { meterId },
          createdAt: Date.now(),
          attempts: 0,
          nextAttemptAt: 0,
          lastError: null,
          status: 'waiting',
        });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { userId, meterId: meter.id, readings },
  );

  // The new version of the app opens it (version 2) and sends what waited, in order.
  await page.goto('/outbox');
  const onServer = async () => (await (await context.request.get(`/api/meters/${meter.id}/readings?limit=10`)).json()) as Array<{ id: string; reading: number }>;
  await expect.poll(async () => (await onServer()).map((r) => r.reading), { timeout: 30_000 }).toEqual([135, 120]);
  await expect(page.getByText('Nothing waiting')).toBeVisible();

  // The upgraded database has the new table, holding the ids of what was sent.
  const device = () =>
    page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('asset-register');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise<Array<{ serverId: string }>>((resolve) => {
        const request = db.transaction('sent').objectStore('sent').getAll();
        request.onsuccess = () => resolve(request.result as Array<{ serverId: string }>);
      });
      db.close();
      return { version: db.version, sentIds: all.map((row) => row.serverId).sort() };
    });
  const sentIds = (await onServer()).map((r) => r.id).sort();
  await expect.poll(device).toEqual({ version: 20, sentIds });
});
