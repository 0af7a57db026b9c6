import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, createObligation, daysAgo, expectNoHorizontalScroll, recordInspection, regimesByKey } from './fixtures';

/**
 * The calendar feed on the Account page (ADR 025, reminders): a link made once and copied, read by a
 * calendar app without a session, replaced by a new one, and turned off.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const size of SIZES) {
  test.describe(`the calendar feed on ${size.name}`, () => {
    test.use(size.use);

    test('makes a link that serves my due dates, replaces it, and turns it off', async ({ page, playwright }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const me = (await (await page.context().request.get('/api/user')).json()) as { id: string };
      const gas = (await regimesByKey(page)).gas_safety!;
      const boiler = await createAsset(page, { locationId: (await createLocation(page)).id, type: 'hvac' });
      const duty = await createObligation(page, { regimeId: gas.id, assetId: boiler.id, responsibleUserId: me.id });
      await recordInspection(page, { obligationId: duty.id, performedOn: daysAgo(10), result: 'pass' });

      await page.goto('/account');
      const card = page.getByText('Calendar feed', { exact: true }).locator('xpath=ancestor::*[contains(@class, "rounded")][1]');
      await expect(page.getByTestId('calendar-feed-status')).toHaveText('Off.');
      await page.getByRole('button', { name: 'Make a calendar link' }).click();
      const link = page.getByLabel('Your calendar link (shown this once)');
      await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const first = await link.inputValue();

      // A calendar app has no session: a fresh context reads the feed.
      const calendarApp = await playwright.request.newContext();
      const feed = await calendarApp.get(first);
      expect(feed.status()).toBe(200);
      expect((await feed.text()).replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:Due: ${gas.name}: ${boiler.assetId}`);

      await page.getByRole('button', { name: 'Make a new link' }).click();
      await expect(link).not.toHaveValue(first);
      expect((await calendarApp.get(first)).status()).toBe(404);
      const second = await link.inputValue();
      expect((await calendarApp.get(second)).status()).toBe(200);

      await page.getByRole('button', { name: 'Turn off' }).click();
      await expect(page.getByTestId('calendar-feed-status')).toHaveText('Off.');
      await expect(link).toBeHidden();
      expect((await calendarApp.get(second)).status()).toBe(404);
      await expect(card).toBeVisible();
      await expectNoHorizontalScroll(page);
      await calendarApp.dispose();
    });
  });
}
