import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';
import { createAction, createAsset, createLocation, createMeter, uniqueToken } from './fixtures';

test.describe('global search', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('finds assets, actions and meters with tab counts, and links an asset to its page', async ({ page }) => {
    const word = `quokka${uniqueToken('')}`;
    const site = await createLocation(page, `Depot ${word}`);
    const asset = await createAsset(page, { locationId: site.id, make: `Make ${word}`, condition: 'fair' });
    await createAction(page, { title: `Inspect ${word}`, assetId: asset.id });
    await createAction(page, { title: `Paint ${word}` });
    await createMeter(page, { locationId: site.id });

    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await expect(page.getByText('Enter at least 2 characters to see results')).toBeVisible();
    await box.fill('q');
    await expect(page.getByText('Enter at least 2 characters to see results')).toBeVisible();

    await box.fill(word);
    await expect(page.getByRole('tab', { name: 'All (4)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Assets (1)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Actions (2)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Meters (1)' })).toBeVisible(); // by its location path

    await page.getByRole('tab', { name: 'Actions (2)' }).click();
    await expect(page.getByTestId('action-result')).toHaveCount(2);
    await page.getByRole('tab', { name: 'Assets (1)' }).click();
    await page.getByTestId('asset-result').click();
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
  });

  test('tolerates a typo, and says when nothing matches', async ({ page }) => {
    const word = `wombat${uniqueToken('')}`;
    const site = await createLocation(page);
    await createAsset(page, { locationId: site.id, model: `Greenstar ${word}` });
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(`greenstr ${word}`); // 'greenstar' misspelt
    await expect(page.getByTestId('asset-result')).toHaveCount(1);
    await box.fill(`zz${uniqueToken('')}qq`);
    await expect(page.getByText('No results found')).toBeVisible();
  });

  test('a slow answer to an older query never replaces the newer results', async ({ page }) => {
    const site = await createLocation(page);
    const older = `older${uniqueToken('')}`;
    const newer = `newer${uniqueToken('')}`;
    await createAsset(page, { locationId: site.id, make: older });
    await createAsset(page, { locationId: site.id, make: newer });

    await page.route('**/api/search?q=older*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill(older);
    await page.waitForRequest((r) => r.url().includes('q=older'));
    await box.fill(newer);
    await expect(page.getByTestId('asset-result')).toContainText(newer);
    await page.waitForTimeout(1800); // the older answer arrives now
    await expect(page.getByTestId('asset-result')).toHaveCount(1);
    await expect(page.getByTestId('asset-result')).toContainText(newer);
  });

  test('works on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const word = `numbat${uniqueToken('')}`;
    const site = await createLocation(page);
    await createAsset(page, { locationId: site.id, serial: word });
    await page.goto('/search');
    await page.getByRole('searchbox', { name: 'Search' }).fill(word);
    await expect(page.getByTestId('asset-result')).toBeVisible();
  });
});
