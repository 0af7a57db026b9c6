import { expect, test, type Page } from '@playwright/test';
import { anotherUser, signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, createMeter } from './fixtures';

// The service worker is what makes the app open offline (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const ASSETS = 2;
const ASSESSMENTS_PER_ASSET = 10;
const METERS = 2;
const READINGS_PER_METER = 10;

async function waitForOfflineApp(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

test('assessments and readings recorded offline reach the server exactly once, through a replay cut half way and duplicated requests', async ({ page, context }) => {
  test.setTimeout(300_000);
  const user = await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const assets = [];
  for (let i = 0; i < ASSETS; i++) assets.push(await createAsset(page, { locationId: site.id, subtype: `Plant ${i + 1}` }));
  const meters = [];
  for (let i = 0; i < METERS; i++) meters.push(await createMeter(page, { locationId: site.id }));

  // One visit online: the app installs, and the records viewed are kept on the device.
  for (const asset of assets) {
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('heading', { name: asset.assetId })).toBeVisible();
    await page.getByRole('tab', { name: /^Assessments/ }).click();
    await expect(page.getByRole('heading', { name: '0 assessments' })).toBeVisible();
  }
  await page.goto('/meters');
  for (const meter of meters) await expect(page.getByTestId('meter-card').filter({ hasText: meter.meterNumber })).toBeVisible();
  await waitForOfflineApp(page);

  // No signal: open the app and record everything.
  await context.setOffline(true);
  const capturedFrom = Date.now() - 60_000;
  for (const asset of assets) {
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByTestId('connection-banner')).toContainText('You are offline');
    await page.getByRole('tab', { name: /^Assessments/ }).click();
    for (let n = 1; n <= ASSESSMENTS_PER_ASSET; n++) {
      await page.getByRole('button', { name: 'Add Assessment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
      await dialog.getByLabel('Condition', { exact: true }).selectOption(n % 2 ? 'fair' : 'poor');
      await dialog.getByLabel('Notes').fill(`Visit note ${n}`);
      await dialog.getByRole('button', { name: 'Save Assessment' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByLabel('Assessments waiting to sync').getByTestId('waiting-item')).toHaveCount(n);
    }
    await expect(page.getByLabel('Assessments waiting to sync').getByText('Waiting to sync').first()).toBeVisible();
  }
  await page.goto('/meters');
  const typedDates: string[] = [];
  for (const [m, meter] of meters.entries()) {
    const card = page.getByTestId('meter-card').filter({ hasText: meter.meterNumber });
    for (let n = 1; n <= READINGS_PER_METER; n++) {
      await card.getByRole('button', { name: 'Add Reading' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Reading' });
      const date = `2025-03-${String(n).padStart(2, '0')}T0${m + 8}:30`;
      typedDates.push(date);
      await dialog.getByLabel('Reading date').fill(date);
      await dialog.getByLabel('Reading (kWh)').fill(String(1000 * n + m));
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  const total = ASSETS * ASSESSMENTS_PER_ASSET + METERS * READINGS_PER_METER;
  await expect(page.getByTestId('outbox-summary')).toContainText(`${total} items waiting to sync`);
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(total);

  // The network returns, but flaky: every third write reaches the server twice, and the answer to the
  // fifteenth is lost as the signal drops again (the server wrote it; the device does not know).
  let posts = 0;
  let cut = false;
  await context.route(
    (url) => url.pathname === '/api/assessments' || url.pathname === '/api/meter-readings',
    async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      const response = await route.fetch();
      if (posts % 3 === 0) await route.fetch();
      if (posts === 15) {
        cut = true;
        await context.setOffline(true);
        return route.abort('internetdisconnected');
      }
      return route.fulfill({ response });
    },
  );
  await context.setOffline(false);
  await expect.poll(() => cut).toBe(true);
  const left = await page.getByTestId('outbox-item').count();
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThan(total);

  // Back online: the rest is sent, the cut write again with its key, and replaying again sends nothing.
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Nothing waiting')).toBeVisible();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await context.unroute('**');

  const server = page.context().request;
  let assessments = 0;
  for (const asset of assets) {
    const list = (await (await server.get(`/api/assessments?assetId=${asset.id}`)).json()) as Array<{ assessedByName: string; assessedAt: string; conditionNotes: string }>;
    expect(list).toHaveLength(ASSESSMENTS_PER_ASSET);
    expect(new Set(list.map((a) => a.conditionNotes)).size).toBe(ASSESSMENTS_PER_ASSET);
    for (const a of list) {
      expect(a.assessedByName).toBe(user.fullName);
      // The time it was made on the device, not when it reached the server.
      expect(new Date(a.assessedAt).getTime()).toBeGreaterThanOrEqual(capturedFrom);
    }
    assessments += list.length;
  }
  let readings = 0;
  const recordedDates: string[] = [];
  for (const meter of meters) {
    const list = (await (await server.get(`/api/meters/${meter.id}/readings?limit=200`)).json()) as Array<{ recordedByName: string; readingDate: string }>;
    expect(list).toHaveLength(READINGS_PER_METER);
    for (const r of list) {
      expect(r.recordedByName).toBe(user.fullName);
      recordedDates.push(r.readingDate);
    }
    readings += list.length;
  }
  expect([assessments, readings]).toEqual([ASSETS * ASSESSMENTS_PER_ASSET, METERS * READINGS_PER_METER]);
  // Each reading kept the date typed on the device.
  const typedIso = typedDates.map((d) => new Date(d).toISOString()).sort();
  expect(recordedDates.map((d) => new Date(d).toISOString()).sort()).toEqual(typedIso);
  expect(posts).toBeGreaterThanOrEqual(total);
});

test('an asset edited offline after someone else changed it lands in the Outbox with both versions, and keeping mine applies it', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id, make: 'Baxi', model: 'Duo' });
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { name: asset.assetId })).toBeVisible();
  await waitForOfflineApp(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Asset' });
  await dialog.getByLabel('Make', { exact: true }).fill('Worcester');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-summary')).toContainText('1 item waiting to sync');

  // Meanwhile, in the office, a colleague changes the same asset.
  const office = await anotherUser(browser, { role: 'asset_manager' });
  const theirs = await office.page.context().request.patch(`/api/assets/${asset.id}`, { data: { make: 'Vaillant' } });
  expect(theirs.status()).toBe(200);

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toHaveAttribute('data-status', 'conflict');
  const make = item.getByTestId('conflict-field').filter({ hasText: 'Make' });
  await expect(make).toContainText('Vaillant');
  await expect(make).toContainText('Worcester');
  // Not overwritten: the server still has the colleague's version.
  expect(((await (await page.context().request.get(`/api/assets/${asset.id}`)).json()) as { make: string }).make).toBe('Vaillant');

  await item.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  expect(((await (await page.context().request.get(`/api/assets/${asset.id}`)).json()) as { make: string; model: string })).toMatchObject({ make: 'Worcester', model: 'Duo' });
  await office.page.context().close();
});

test('an action status changed offline shows as waiting on its card and reaches the server when the network returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id });
  const created = await page.context().request.post('/api/actions', { data: { title: 'Replace the valve', priority: 'high', assetId: asset.id } });
  expect(created.status()).toBe(201);
  const action = (await created.json()) as { id: string; actionId: string };
  await page.goto('/actions');
  const card = page.getByTestId('action-card').filter({ hasText: action.actionId });
  await expect(card).toBeVisible();
  await waitForOfflineApp(page);

  await context.setOffline(true);
  await page.reload();
  await card.getByLabel('Status').selectOption('in_progress');
  await expect(card.getByTestId('action-waiting')).toHaveText('Waiting to sync');
  await expect(card.getByLabel('Status')).toHaveValue('in_progress');

  await context.setOffline(false);
  await expect(card.getByTestId('action-waiting')).toHaveCount(0);
  await expect(card.getByLabel('Status')).toHaveValue('in_progress');
  const stored = (await (await page.context().request.get(`/api/actions/${action.id}`)).json()) as { status: string };
  expect(stored.status).toBe('in_progress');
});
