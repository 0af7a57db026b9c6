import { expect, test, type CDPSession } from '@playwright/test';
import { signUpViaApi, uniqueUser, waitForOfflineApp } from './helpers';
import { createLocation, createMeter } from './fixtures';

// The service worker is what sends the outbox with the app closed (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The app's service worker registration, as DevTools knows it (ServiceWorker.dispatchSyncEvent needs its id). */
async function registrationId(cdp: CDPSession, scopeURL: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scopeURL && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('a meter reading recorded offline is sent by the service worker (Background Sync) once the network returns with the app closed, exactly once', async ({ page, context, baseURL }) => {
  // Two app loads, an install and a replay: more than the default on a busy machine.
  test.setTimeout(90_000);
  await signUpViaApi(page, uniqueUser({ fullName: 'Sid Sync', role: 'asset_manager' }));
  const site = await createLocation(page);
  const meter = await createMeter(page, { locationId: site.id });
  const server = context.request;
  const readings = async () => ((await (await server.get(`/api/meters/${meter.id}/readings?limit=200`)).json()) as Array<{ reading: number }>).length;

  // One visit online: the app installs, and the meters are kept on the device.
  await page.goto('/meters');
  const card = page.getByTestId('meter-card').filter({ hasText: meter.meterNumber });
  await expect(card).toBeVisible();
  await waitForOfflineApp(page);

  // No signal: the app opens from the device, and the reading waits in the outbox.
  await context.setOffline(true);
  await page.goto('/meters');
  await expect(page.getByTestId('connection-banner')).toContainText('You are offline');
  await card.getByRole('button', { name: 'Add Reading' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Reading' });
  await dialog.getByLabel('Reading date').fill('2025-06-01T09:30');
  await dialog.getByLabel('Reading (kWh)').fill('4321');
  await dialog.getByRole('button', { name: 'Save Reading' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-summary')).toContainText('1 item waiting to sync');

  // The app is closed: no page of it is left to replay. Who sends what from here on is watched.
  const blank = await context.newPage();
  await page.close();
  const senders: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/meter-readings') senders.push(request.serviceWorker() ? 'service worker' : 'page');
  });
  expect(await readings()).toBe(0);

  // The network returns, and the browser wakes the service worker with the outbox's sync event (Chromium
  // fires it by itself when the device is back online; DevTools fires it too, in case it has not yet).
  await context.setOffline(false);
  const origin = new URL(baseURL!).origin;
  const cdp = await context.newCDPSession(blank);
  const id = await registrationId(cdp, `${origin}/`);
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: id, tag: 'outbox', lastChance: false });
  await expect.poll(readings, { timeout: 20_000 }).toBe(1);

  // A second sync event, and the app opened again, send nothing more: the item left the outbox.
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: id, tag: 'outbox', lastChance: false });
  await blank.goto('/meters');
  await expect(blank.getByTestId('meter-card').filter({ hasText: meter.meterNumber })).toBeVisible();
  await expect(blank.getByTestId('connection-banner')).toHaveCount(0);
  await blank.goto('/outbox');
  await expect(blank.getByText('Nothing waiting')).toBeVisible();
  const list = (await (await server.get(`/api/meters/${meter.id}/readings?limit=200`)).json()) as Array<{ reading: number }>;
  expect(list).toHaveLength(1);
  expect(list[0]!.reading).toBe(4321);
  // Sent by the service worker alone, once: the app opened again found nothing left to send.
  expect(senders).toEqual(['service worker']);
});
