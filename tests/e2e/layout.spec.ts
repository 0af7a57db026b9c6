import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

const NAV = ['Dashboard', 'Assets', 'Locations', 'Compliance', 'Actions', 'Meters', 'Search', 'Reports'];

test.describe('layout on a wide screen', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('the sidebar names the product and lists the eight entries in order, highlighting the current one', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(sidebar.getByText('Asset Register', { exact: true })).toBeVisible();
    await expect(sidebar.getByText('professional property asset management')).toBeVisible();
    // The entries; the account link sits with the user at the foot, apart from them.
    await expect(sidebar.getByRole('list').first().getByRole('link')).toHaveText(NAV);
    await expect(sidebar.getByRole('link', { name: 'Your account' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('link', { name: 'Locations' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByRole('heading', { name: 'Locations', level: 1 })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Locations' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current', 'page');
  });

  test('Ctrl+B collapses the sidebar, the choice is kept in a 7-day cookie and survives a reload', async ({ page, context }) => {
    await page.goto('/');
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    const lifetime = cookie!.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(7 * 24 * 3600 - 120);
    expect(lifetime).toBeLessThanOrEqual(7 * 24 * 3600 + 5);

    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Collapsed to icons, the sidebar is 3rem wide.
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(48);

    await page.keyboard.press('Meta+b');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
    await expect.poll(async () => (await page.getByTestId('sidebar').boundingBox())?.width).toBe(256);
  });

  test('the built app runs under the Content Security Policy without violations', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.keyboard.press('Control+b');
    await page.getByRole('link', { name: 'Assets' }).click();
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('the control in the top bar toggles the sidebar', async ({ page }) => {
    await page.goto('/reports');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
  });

  test('F8 moves focus to the notification area', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('F8');
    // Radix focuses the toast list inside the labelled region.
    await expect(page.getByRole('region', { name: 'Notifications (F8)' }).locator('ol')).toBeFocused();
  });
});

test.describe('layout on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the sidebar is a slide-in sheet with its own open state', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet).toBeVisible();
    await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(288); // 18rem
    await expect(sheet.getByRole('list').first().getByRole('link')).toHaveText(NAV);

    await sheet.getByRole('link', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  });
});
