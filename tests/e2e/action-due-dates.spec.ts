import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Action } from '../../src/shared/contract/actions';
import type { DashboardStats } from '../../src/shared/contract/dashboard';
import { actionDaysOverdue } from '../../src/shared/domain/actions';
import { ORGANISATION_TIME_ZONE_DEFAULT, todayIn } from '../../src/shared/domain/compliance/calendar-date';
import { signUpViaApi } from './helpers';
import { createAsset, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';

/**
 * Action due dates (ADR 025, step 7): an action past its target date and not done reads "Overdue"
 * on its card, on its asset's Actions tab and in the search results; the actions list filters to
 * the overdue and sorts by target date, in the URL; the dashboard says how many are overdue and
 * links to them. Tests share the database, so each narrows the list to its own token.
 */

const SIZES = [
  { name: 'a wide screen', phone: false, use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', phone: true, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/** Dates far from today, so no test runs across the day they turn overdue. */
const LONG_AGO = '2025-05-10';
const LONGER_AGO = '2025-03-01';
const FAR_AHEAD = '2099-01-01';
const LONGEST_AGO = '2025-01-01';

async function createAction(page: Page, data: Record<string, unknown>): Promise<Action> {
  const res = await page.context().request.post('/api/actions', { data: { priority: 'medium', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Action;
}

/** An asset with five actions: two overdue (one in progress), one due far ahead, one undated, one done long ago. */
async function seed(page: Page) {
  const token = uniqueToken('due');
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id, make: `Boiler ${token}` });
  const slipped = await createAction(page, { title: `${token} slipped`, targetDate: LONG_AGO, assetId: asset.id });
  const stalled = await createAction(page, { title: `${token} stalled`, targetDate: LONGER_AGO, status: 'in_progress', assetId: asset.id });
  const ahead = await createAction(page, { title: `${token} ahead`, targetDate: FAR_AHEAD, assetId: asset.id });
  const undated = await createAction(page, { title: `${token} undated`, assetId: asset.id });
  const done = await createAction(page, { title: `${token} done`, targetDate: LONGEST_AGO, status: 'completed', assetId: asset.id });
  expect([slipped, stalled, ahead, undated, done].map((a) => a.overdue)).toEqual([true, true, false, false, false]);
  return { token, asset, slipped, stalled, ahead, undated, done };
}

const cards = (page: Page): Locator => page.getByTestId('action-card');
const card = (page: Page, title: string): Locator => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const titlesOf = async (page: Page) => (await cards(page).getByRole('heading').allTextContents()).map((t) => t.trim());
const overdueText = (action: Action, date: string) => `Target: ${date} · ${actionDaysOverdue(action, todayIn(ORGANISATION_TIME_ZONE_DEFAULT, new Date()))} days overdue`;

for (const size of SIZES) {
  test.describe(`action due dates on ${size.name}`, () => {
    test.use(size.use);

    test('marks overdue actions on the list, the asset and the search results; filters to them and sorts by target date in the URL', async ({ page }) => {
      test.slow();
      await signUpViaApi(page);
      const { token, asset, slipped, stalled } = await seed(page);

      await page.goto(`/actions?search=${token}`);
      await expect(cards(page)).toHaveCount(5);
      const slippedCard = card(page, `${token} slipped`);
      await expect(slippedCard.getByTestId('overdue-badge')).toHaveText('Overdue');
      await expect(slippedCard).toContainText(overdueText(slipped, '10 May 2025'));
      await expect(card(page, `${token} stalled`).getByTestId('overdue-badge')).toBeVisible();
      for (const name of ['ahead', 'undated', 'done']) await expect(card(page, `${token} ${name}`).getByTestId('overdue-badge')).toHaveCount(0);
      await expect(card(page, `${token} ahead`)).toContainText('Target: 1 Jan 2099');
      await expect(card(page, `${token} undated`)).toContainText('No date set');
      await expect(card(page, `${token} done`)).toContainText('Target: 1 Jan 2025');
      await expect(card(page, `${token} done`)).not.toContainText('overdue');

      // Overdue only: the two overdue, newest first.
      const overdueOnly = page.getByRole('button', { name: 'Overdue only' });
      await expect(overdueOnly).toHaveAttribute('aria-pressed', 'false');
      await overdueOnly.click();
      await expect(page).toHaveURL(/[?&]overdue=true/);
      await expect(overdueOnly).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => titlesOf(page)).toEqual([`${token} stalled`, `${token} slipped`]);

      // By target date: the longest overdue first.
      await page.getByLabel('Sort').selectOption({ label: 'Target date' });
      await expect(page).toHaveURL(/[?&]sort=target/);
      await expect.poll(() => titlesOf(page)).toEqual([`${token} stalled`, `${token} slipped`]);
      await overdueOnly.click();
      await expect(page).not.toHaveURL(/overdue=/);
      await expect.poll(() => titlesOf(page)).toEqual([`${token} done`, `${token} stalled`, `${token} slipped`, `${token} ahead`, `${token} undated`]);

      // The URL holds the list: a reload (or a shared link) shows the same.
      await overdueOnly.click();
      await page.reload();
      await expect(page.getByLabel('Sort')).toHaveValue('target');
      await expect(page.getByRole('button', { name: 'Overdue only' })).toHaveAttribute('aria-pressed', 'true');
      await expect.poll(() => titlesOf(page)).toEqual([`${token} stalled`, `${token} slipped`]);
      if (size.phone) await expectNoHorizontalScroll(page);

      // The asset's Actions tab.
      await page.goto(`/assets/${asset.id}`);
      await page.getByRole('tab', { name: 'Actions (5)' }).click();
      await expect(card(page, `${token} slipped`).getByTestId('overdue-badge')).toBeVisible();
      await expect(card(page, `${token} slipped`)).toContainText(overdueText(slipped, '10 May 2025'));
      await expect(card(page, `${token} stalled`)).toContainText(overdueText(stalled, '1 Mar 2025'));
      await expect(card(page, `${token} ahead`).getByTestId('overdue-badge')).toHaveCount(0);
      if (size.phone) await expectNoHorizontalScroll(page);

      // The search results.
      await page.goto(`/search?q=${token}`);
      const result = page.getByTestId('action-result').filter({ hasText: `${token} slipped` });
      await expect(result.getByTestId('overdue-badge')).toBeVisible();
      await expect(result.getByTestId('action-result-target')).toHaveText(overdueText(slipped, '10 May 2025'));
      await expect(page.getByTestId('action-result').filter({ hasText: `${token} ahead` }).getByTestId('overdue-badge')).toHaveCount(0);
    });

    test("the dashboard's Open Actions card says how many are overdue and opens them", async ({ page }) => {
      await signUpViaApi(page);
      const { token } = await seed(page);

      const statsResponse = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/stats'));
      await page.goto('/');
      const stats = (await (await statsResponse).json()) as DashboardStats;
      expect(stats.overdueActions).toBeGreaterThanOrEqual(2);

      const openActions = page.getByTestId('metric-card').filter({ hasText: 'Open Actions' });
      // The spec's line stays; the overdue count is a line of its own.
      await expect(openActions.getByTestId('metric-trend')).toHaveText(`${stats.highPriorityOpenActions} high priority`);
      const overdue = openActions.getByRole('link', { name: `${stats.overdueActions.toLocaleString('en-GB')} overdue` });
      await expect(overdue).toBeVisible();
      if (size.phone) await expectNoHorizontalScroll(page);

      await overdue.click();
      await expect(page).toHaveURL(/\/actions\?overdue=true$/);
      await expect(page.getByRole('button', { name: 'Overdue only' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByLabel('Search actions').fill(token);
      await expect.poll(() => titlesOf(page)).toEqual([`${token} stalled`, `${token} slipped`]);
      for (const item of await cards(page).all()) await expect(item.getByTestId('overdue-badge')).toBeVisible();
    });
  });
}
