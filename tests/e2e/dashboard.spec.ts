import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';
import { createAction, createAsset, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';

test.describe('dashboard', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('shows the figures, recent assets and open actions the API reports, in the spec wording', async ({ page }) => {
    // Data of our own, so the lists are not empty whatever else runs in parallel.
    const site = await createLocation(page);
    await createAsset(page, { locationId: site.id, condition: 'poor' });
    await createAsset(page, { locationId: site.id, condition: 'excellent' });
    await createAction(page, { priority: 'high', targetDate: '2026-12-24' });

    const statsResponse = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/stats'));
    const recentResponse = page.waitForResponse((r) => /\/api\/assets\?limit=5$/.test(r.url()));
    const openResponse = page.waitForResponse((r) => /\/api\/actions\?status=open&limit=5$/.test(r.url()));
    await page.goto('/');
    const stats = await (await statsResponse).json();
    const recent = await (await recentResponse).json();
    const open = await (await openResponse).json();

    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Overview of your asset estate')).toBeVisible();

    const cards = page.getByTestId('metric-card');
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText('Total Assets');
    await expect(cards.nth(0)).toContainText('Across all sites');
    await expect(cards.nth(0).getByTestId('metric-value')).toHaveText(stats.totalAssets.toLocaleString('en-GB'));
    await expect(cards.nth(0).getByTestId('metric-trend')).toHaveText(/from last month|new this month/);
    await expect(cards.nth(1)).toContainText('Excellent/Good');
    await expect(cards.nth(1)).toContainText('In good condition');
    await expect(cards.nth(1).getByTestId('metric-value')).toHaveText(stats.goodCondition.toLocaleString('en-GB'));
    await expect(cards.nth(1).getByTestId('metric-trend')).toHaveText(`${Math.round((stats.goodCondition / stats.totalAssets) * 100)}% of total`);
    await expect(cards.nth(2)).toContainText('Needs Attention');
    await expect(cards.nth(2)).toContainText('Poor or unsafe');
    await expect(cards.nth(2).getByTestId('metric-trend')).toHaveText('Requires action');
    await expect(cards.nth(2).getByTestId('metric-value')).toHaveText(stats.needsAttention.toLocaleString('en-GB'));
    await expect(cards.nth(3)).toContainText('Open Actions');
    await expect(cards.nth(3)).toContainText('Pending work items');
    await expect(cards.nth(3).getByTestId('metric-trend')).toHaveText(`${stats.highPriorityOpenActions} high priority`);

    const recentList = page.getByRole('list', { name: 'Recent assets' });
    await expect(recentList.getByRole('listitem')).toHaveCount(recent.length);
    await expect(recentList.getByRole('listitem').first()).toContainText(recent[0].assetId);
    const openList = page.getByRole('list', { name: 'Open actions' });
    await expect(openList.getByRole('listitem')).toHaveCount(open.length);
    await expect(openList.getByRole('listitem').first()).toContainText(open[0].title);

    // One bar per condition; each count as the API reported it.
    const rows = page.getByRole('list', { name: 'Condition distribution' }).getByRole('listitem');
    await expect(rows).toHaveCount(5);
    await expect(page.getByTestId('condition-row-poor').getByTestId('condition-count')).toHaveText(String(stats.conditionBreakdown.poor));
  });

  test('clicking a recent asset opens it', async ({ page }) => {
    const site = await createLocation(page);
    await createAsset(page, { locationId: site.id });
    await page.goto('/');
    const first = page.getByRole('list', { name: 'Recent assets' }).getByRole('link').first();
    const code = (await first.locator('p').first().textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/assets\/[0-9a-f-]{36}$/);
    await expect(page.getByText(code).first()).toBeVisible();
  });

  test('fits a phone when a recent asset lies deep under long place names', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const site = await createLocation(page);
    const token = uniqueToken('Basement');
    const building = await page.context().request.post('/api/locations', { data: { name: `${token} Block`, type: 'building', parentId: site.id } });
    expect(building.status()).toBe(201);
    const buildingId = (await building.json()).id as string;
    // Other tests add assets meanwhile: one of ours must be among the five newest.
    await expect(async () => {
      await createAsset(page, { locationId: buildingId, description: `${token} pump` });
      await page.goto('/');
      await expect(page.getByRole('list', { name: 'Recent assets' })).toContainText(`${token} Block`, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    // The card's place line is cut short (truncate): the card keeps to the screen.
    await expectNoHorizontalScroll(page);
  });

  test('shows skeletons while loading and each empty state on an empty register', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/dashboard/stats', async (route) => {
      await held;
      await route.fulfill({
        json: {
          totalAssets: 0,
          goodCondition: 0,
          needsAttention: 0,
          openActions: 0,
          conditionBreakdown: { excellent: 0, good: 0, fair: 0, poor: 0, unsafe: 0 },
          assetsAtEndOfLastMonth: 0,
          highPriorityOpenActions: 0,
          overdueActions: 0,
        },
      });
    });
    await page.route('**/api/assets?limit=5', (route) => route.fulfill({ json: [] }));
    await page.route('**/api/actions?status=open&limit=5', (route) => route.fulfill({ json: [] }));
    await page.goto('/');
    await expect(page.getByTestId('stat-skeleton')).toHaveCount(4);
    release();
    await expect(page.getByTestId('metric-value').first()).toHaveText('0');
    await expect(page.getByText('No assets registered yet')).toBeVisible();
    await expect(page.getByText('No open actions')).toBeVisible();
    await expect(page.getByText('No data available')).toBeVisible();
    await expect(page.getByTestId('metric-trend').first()).toHaveText('No change from last month');
    await expect(page.getByTestId('metric-trend').nth(1)).toHaveText('0% of total');
    await expect(page.getByTestId('metric-overdue')).toHaveText('0 overdue');
  });
});
