import { expect, test } from '@playwright/test';
import { signUpViaApi, waitForOfflineApp } from './helpers';
import { createAsset, createLocation, createPlace, uniqueToken } from './fixtures';

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

    await page.goto(`/locations/${site.id}`);
    await waitForOfflineApp(page);
    const strip = page.getByTestId('keep-offline');
    await strip.getByRole('button', { name: 'Keep offline' }).click();
    await expect(strip.getByRole('status')).toContainText('Kept on this device: 2 assets');

    await context.setOffline(true);
    await page.goto('/assets');
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(token);
    await expect(page.getByTestId('asset-card')).toHaveCount(2);
    await page.getByRole('searchbox', { name: 'Search assets' }).fill(`${token} ideal`);
    await expect(page.getByTestId('asset-card')).toHaveCount(1);
    await page.getByTestId('asset-card').click();
    await expect(page.getByRole('heading', { name: boiler.assetId, level: 1 })).toBeVisible();
    await expect(page.getByText(`${token} boiler`)).toBeVisible();
    // The global search answers from the device too (assets only: actions and meters are not kept).
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill(token);
    await expect(page.getByRole('tab', { name: 'Assets (2)' })).toBeVisible();

    // Removed from the device, the site's assets no longer answer a search offline.
    await context.setOffline(false);
    await page.goto(`/locations/${site.id}`);
    await strip.getByRole('button', { name: 'Remove' }).click();
    await expect(strip.getByRole('button', { name: 'Keep offline' })).toBeVisible();
  });
});
