import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, waitForOfflineApp } from './helpers';
import { createAction, createAsset, createLocation, createMeter, createPlace, uniqueToken } from './fixtures';

// The service worker is what this spec tests (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

for (const viewport of [
  { name: 'a wide screen', size: { width: 1280, height: 800 } },
  { name: 'a phone', size: { width: 390, height: 844 } },
]) {
  test.describe(`the installable app on ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('opens with no network after one visit, signed in, and says it is offline', async ({ page, context }) => {
      await signUpViaApi(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByTestId('connection-banner')).toHaveCount(0);
      await waitForOfflineApp(page);

      await context.setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByTestId('connection-banner')).toContainText('You are offline');
      // Another page of the app, opened straight from its address, comes from the device too.
      await page.goto('/assets');
      await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();

      await context.setOffline(false);
      await expect(page.getByTestId('connection-banner')).toHaveCount(0);
    });
  });
}

test('the manifest names the app, its colour and its icons, and the API is never answered from the cache', async ({ page, context }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ name: 'Asset Register', display: 'standalone', theme_color: '#1e3a5f', start_url: '/' });
  for (const icon of manifest.icons as Array<{ src: string; type: string }>) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await signUpViaApi(page);
  await page.goto('/');
  await waitForOfflineApp(page);
  await context.setOffline(true);
  // A navigation to an API address is not given the app's page: it fails as any request offline would.
  const failed = await page.goto('/api/user').then(
    () => false,
    () => true,
  );
  expect(failed).toBe(true);
});

/** Keeps the location on the device from its page, once the app is installed; the keep-offline strip. */
async function keepOffline(page: Page, locationId: string, kept: string) {
  await page.goto(`/locations/${locationId}`);
  await waitForOfflineApp(page);
  const strip = page.getByTestId('keep-offline');
  await strip.getByRole('button', { name: 'Keep offline' }).click();
  await expect(strip.getByRole('status')).toContainText(kept);
  return strip;
}

/**
 * Nothing shown reaches past the screen's edges (a phone would scroll sideways, or hide a button),
 * unless it is inside something that scrolls or clips within the screen (a wide table). Checked for
 * the page and, since a dialog is fixed to the screen and never widens the page, for `dialog`.
 */
async function expectFitsTheScreen(page: Page, where: string, dialog?: Locator) {
  const outside = (root: Element) => {
    const width = window.innerWidth;
    const heldInside = (el: Element) => {
      for (let parent = el.parentElement; parent && parent !== document.documentElement; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 1) return true;
      }
      return false;
    };
    return [...root.querySelectorAll('*')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 1 && box.height > 1 && (box.right > width + 1 || box.left < -1) && !heldInside(el);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
  };
  expect(await page.locator('body').evaluate(outside), `${where}: past the screen's edge`).toEqual([]);
  if (dialog) expect(await dialog.evaluate(outside), `${where}: past the screen's edge`).toEqual([]);
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(width);
}

test.describe('a site kept offline', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('its assets are found and opened with no network, never viewed before', async ({ page, context }) => {
    await signUpViaApi(page);
    const token = uniqueToken('Plantroom');
    const site = await createLocation(page);
    const building = await createPlace(page, { name: `${token} Block`, type: 'building', parentId: site.id });
    const boiler = await createAsset(page, { locationId: building.id, description: `${token} boiler`, make: 'Ideal' });
    await createAsset(page, { locationId: site.id, description: `${token} gate` });
    const elsewhere = await createLocation(page);
    await createAsset(page, { locationId: elsewhere.id, description: `${token} not kept` });

    const strip = await keepOffline(page, site.id, 'Kept on this device: 2 assets');

    await context.setOffline(true);
    await page.goto('/assets');
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(token);
    await expect(page.getByTestId('asset-card')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(`${token} ideal`);
    await expect(page.getByTestId('asset-card')).toHaveCount(1);
    await page.getByTestId('asset-card').click();
    await expect(page.getByRole('heading', { name: boiler.assetId, level: 1 })).toBeVisible();
    await expect(page.getByText(`${token} boiler`)).toBeVisible();
    // The global search answers from the device too (assets only: meters and actions need the server's index).
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill(token);
    await expect(page.getByRole('tab', { name: 'Assets (2)' })).toBeVisible();

    // Removed from the device, the site's assets no longer answer a search offline.
    await context.setOffline(false);
    await page.goto(`/locations/${site.id}`);
    await strip.getByRole('button', { name: 'Remove' }).click();
    await expect(strip.getByRole('button', { name: 'Keep offline' })).toBeVisible();
  });

  for (const screen of [
    { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
    { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ]) {
    test.describe(`on ${screen.name}`, () => {
      test.use(screen.use);

      test('its meters and open actions open with no network, never viewed before: a reading is checked and recorded, an action progressed', async ({ page, context }) => {
        test.setTimeout(120_000);
        await signUpViaApi(page);
        const token = uniqueToken('Basement');
        const site = await createLocation(page);
        const building = await createPlace(page, { name: `${token} Block`, type: 'building', parentId: site.id });
        const pump = await createAsset(page, { locationId: building.id, description: `${token} pump` });
        const meter = await createMeter(page, { locationId: building.id });
        const first = await page.context().request.post('/api/meter-readings', { data: { meterId: meter.id, reading: 4321, readingDate: '2026-01-05T09:00:00.000Z' } });
        expect(first.status(), await first.text()).toBe(201);
        const open = await createAction(page, { title: `${token} replace the seal`, assetId: pump.id });
        await createAction(page, { title: `${token} already done`, assetId: pump.id, status: 'completed' });

        await keepOffline(page, site.id, 'Kept on this device: 1 asset, 1 meter, 1 open action');

        await context.setOffline(true);
        // The meter, never opened: its page and its history come from the device.
        await page.goto(`/meters?meter=${meter.id}`);
        await expect(page.getByTestId('meter-card').filter({ hasText: meter.meterNumber })).toBeVisible();
        const detail = page.getByRole('dialog', { name: `Meter ${meter.meterNumber}` });
        await expect(detail.getByTestId('meter-facts')).toContainText('4,321');
        await expect(detail.getByRole('region', { name: 'Readings' })).toContainText('4,321');
        await expectFitsTheScreen(page, 'The meter', detail);
        await detail.getByRole('button', { name: 'Add Reading' }).click();
        const add = page.getByRole('dialog', { name: 'Add Reading' });
        await expect(add).toContainText('4,321');
        await expectFitsTheScreen(page, 'The Add Reading form', add);
        await add.getByLabel('Reading date').fill('2026-02-05T09:30');
        // Checked against the kept readings as the server would: lower than the previous asks for a reset.
        await add.getByLabel('Reading (kWh)').fill('4000');
        await add.getByRole('button', { name: 'Save Reading' }).click();
        await expect(add.getByTestId('lower-reading')).toContainText('Reading is lower than the previous reading (4,321 on 2026-01-05)');
        await expectFitsTheScreen(page, 'The Add Reading form with its reset question', add);
        await add.getByLabel('Reading (kWh)').fill('4400');
        await expect(add.getByTestId('lower-reading')).toHaveCount(0);
        await add.getByRole('button', { name: 'Save Reading' }).click();
        await expect(add).toBeHidden();
        await expect(page.getByTestId('outbox-summary')).toContainText('1 item waiting to sync');

        // The open action, never listed: found by its code, and progressed; the done one was not kept.
        await page.goto(`/actions?search=${open.actionId}`);
        const card = page.getByTestId('action-card').filter({ hasText: open.actionId });
        await expect(card).toBeVisible();
        await page.goto(`/actions?search=${encodeURIComponent(token)}`);
        await expect(page.getByTestId('action-card')).toHaveCount(1);
        await expectFitsTheScreen(page, 'The actions');
        await card.getByLabel('Status').selectOption('in_progress');
        await expect(card.getByTestId('action-waiting')).toHaveText('Waiting to sync');
        await expectFitsTheScreen(page, 'The actions with one waiting');

        // Back online, both reach the server.
        await context.setOffline(false);
        await expect(page.getByTestId('outbox-summary')).toHaveCount(0, { timeout: 20_000 });
        const readings = (await (await page.context().request.get(`/api/meters/${meter.id}/readings`)).json()) as Array<{ reading: number }>;
        expect(readings.map((r) => r.reading)).toEqual([4400, 4321]);
        expect(((await (await page.context().request.get(`/api/actions/${open.id}`)).json()) as { status: string }).status).toBe('in_progress');
      });
    });
  }
});
