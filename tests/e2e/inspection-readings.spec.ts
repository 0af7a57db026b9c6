import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createObligation, createPlace, expectNoHorizontalScroll, regimesByKey, uniqueToken } from './fixtures';

/**
 * Readings on an inspection (ADR 025): a legionella sentinel check asks for its temperatures with
 * their limits, warns as soon as one is outside, will not save that as a pass, and shows the
 * readings in the History with the one outside its limit marked.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const size of SIZES) {
  test.describe(`inspection readings on ${size.name}`, () => {
    test.use(size.use);

    test('a sentinel temperature outside its limit makes the check a fail', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const regimes = await regimesByKey(page);
      const sentinels = regimes.legionella_sentinel_temperatures!;
      const building = await createPlace(page, { name: `Plant house ${uniqueToken('')}`, type: 'building' });
      await createObligation(page, { regimeId: sentinels.id, locationId: building.id });

      await page.goto(`/locations/${building.id}?tab=compliance`);
      const card = page.getByTestId('asset-obligation').filter({ hasText: sentinels.name });
      await card.getByRole('button', { name: `Record inspection: ${sentinels.name}` }).click();
      const record = page.getByRole('dialog', { name: 'Record inspection' });
      const hot = record.getByLabel('Hot sentinel outlet after 1 minute (°C), limit ≥ 50 °C');
      const cold = record.getByLabel('Cold sentinel outlet after 2 minutes (°C), limit < 20 °C');
      await hot.fill('45.5');
      await cold.fill('12');
      await expect(record.getByText('Outside the limit (≥ 50 °C): record this inspection as a fail.')).toBeVisible();
      await expect(record.getByText(/Cold sentinel.*outside/)).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      // Saved as a pass, the same rule as the server's keeps it here.
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record.getByRole('alert')).toHaveText('Hot sentinel outlet after 1 minute 45.5 °C is outside its limit (≥ 50 °C), so the result is a fail');
      await expect(record).toBeVisible();

      await record.getByLabel('Fail', { exact: true }).check();
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record).toBeHidden();
      await expect(card).toHaveAttribute('data-status', 'failed');

      await card.getByRole('button', { name: `History: ${sentinels.name}` }).click();
      const entry = page.getByTestId('inspection-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry.getByText('45.5 °C (outside the limit, ≥ 50 °C)')).toBeVisible();
      await expect(entry.getByText('12 °C', { exact: true })).toBeVisible();
    });
  });
}
