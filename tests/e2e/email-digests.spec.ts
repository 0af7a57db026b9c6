import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { expectNoHorizontalScroll } from './fixtures';

/**
 * Email digests on the Account page (ADR 025, reminders): on by default, switched off and on again,
 * the choice kept across a reload, and the card saying that this server sends no email (the test
 * server has no SMTP_URL).
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

for (const size of SIZES) {
  test.describe(`email digests on ${size.name}`, () => {
    test.use(size.use);

    test('are on by default, switch off and on, and say the server sends no email', async ({ page }) => {
      await signUpViaApi(page, uniqueUser());
      await page.goto('/account');
      const checkbox = page.getByRole('checkbox', { name: 'Email me when my inspections fall due' });
      await expect(checkbox).toBeChecked();
      await expect(page.getByTestId('email-digest-status')).toHaveText(/^This server does not send email/);

      await checkbox.click();
      await expect(page.getByText('Email digests off', { exact: true })).toBeVisible();
      await expect(checkbox).not.toBeChecked();
      expect(await (await page.context().request.get('/api/account/email-digest')).json()).toEqual({ smtpConfigured: false, enabled: false });

      await page.reload();
      await expect(checkbox).not.toBeChecked();
      await checkbox.click();
      await expect(checkbox).toBeChecked();
      await expect(page.getByText('Email digests on', { exact: true })).toBeVisible();
      expect(await (await page.context().request.get('/api/account/email-digest')).json()).toEqual({ smtpConfigured: false, enabled: true });
      await expectNoHorizontalScroll(page);
    });
  });
}
