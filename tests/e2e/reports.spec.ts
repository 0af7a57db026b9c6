import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';
import { createAsset, createLocation, uniqueToken } from './fixtures';

test.describe('reports', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('a new user has no recent exports; exporting shows the toast and lists the file for download', async ({ page, context }) => {
    const site = await createLocation(page, uniqueToken('Depot '));
    await createAsset(page, { locationId: site.id, make: 'Worcester' });
    await page.goto('/reports');
    await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
    await expect(page.getByText('No recent exports')).toBeVisible();

    // The five report types; the location filter offers All Locations or a site.
    for (const name of ['Asset Register', 'Actions List', 'Condition Summary', 'Compliance Schedule', 'Meter Logs']) {
      await expect(page.getByRole('radio', { name: new RegExp(name) })).toBeVisible();
    }
    const location = page.getByLabel('Location', { exact: true });
    await expect(location).toHaveValue('all');
    await expect(location.locator('option').first()).toHaveText('All Locations');
    await location.selectOption({ label: site.name });

    const newTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Export as Excel' }).click();
    // An export starts a worker thread: well under a second on a quiet host, longer on a busy CI one.
    await expect(page.getByTestId('toast').filter({ hasText: 'Export successful' })).toContainText('Your report is being downloaded', {
      timeout: 30_000,
    });
    await (await newTab).close();

    const recent = page.getByRole('list', { name: 'Recent exports' });
    await expect(recent.getByRole('listitem')).toHaveCount(1);
    await expect(recent).toContainText('Asset Register');
    await expect(recent).toContainText(site.name);
    await expect(recent).toContainText('1 rows');

    const download = page.waitForEvent('download');
    await recent.getByRole('link', { name: /Download/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^asset_register-depot-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = fs.readFileSync(await file.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip
  });

  test('CSV export of another report type', async ({ page, context }) => {
    await page.goto('/reports');
    await page.getByRole('radio', { name: /Compliance Schedule/ }).check();
    const newTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Export as CSV' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Export successful' })).toBeVisible();
    await (await newTab).close();
    await expect(page.getByRole('list', { name: 'Recent exports' })).toContainText('Compliance Schedule');
    await expect(page.getByRole('list', { name: 'Recent exports' })).toContainText('CSV');
  });

  test('a failed export shows the Export failed toast with the server message', async ({ page }) => {
    await page.route('**/api/reports/export', (route) =>
      route.fulfill({ status: 503, json: { message: 'The database is unavailable. Try again in a few seconds.' } }),
    );
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Export as CSV' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Export failed' });
    await expect(toast).toContainText('The database is unavailable');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
  });

  test('works on a phone', async ({ page, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reports');
    const newTab = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Export as Excel' }).click();
    await (await newTab).close();
    await expect(page.getByRole('list', { name: 'Recent exports' }).getByRole('listitem')).toHaveCount(1);
  });
});
