import { expect, test, type Page } from '@playwright/test';
import { anotherUser, signUpViaApi, uniqueUser } from './helpers';
import { expectNoHorizontalScroll } from './fixtures';

/**
 * The Backups section of Settings (ADR 026): an org admin switches the schedule on, backs up now and
 * sees the backup listed; other roles never see the section (the API refuses them too). The
 * schedule is the server's one setting: the tests run one after the other and switch it off again.
 */

test.describe.configure({ mode: 'serial' });

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const backupsSection = (page: Page) => page.getByRole('region', { name: 'Backups', exact: true });

for (const size of SIZES) {
  test.describe(`backups on ${size.name}`, () => {
    test.use(size.use);

    test('an org admin schedules backups, backs up now and sees the backup listed', async ({ page }) => {
      test.setTimeout(90_000);
      await signUpViaApi(page, uniqueUser({ role: 'org_admin', fullName: 'Bea Backup' }));
      await page.goto('/settings');
      const section = backupsSection(page);
      await expect(section.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible();
      await expect(section.getByRole('button', { name: 'Back up now' })).toBeEnabled();

      // The schedule: weekly on Wednesdays at 03:00, keeping 10 daily and 6 weekly.
      const form = section.getByRole('form', { name: 'Backup schedule' });
      await form.getByLabel('Take backups on a schedule').check();
      await form.getByLabel('How often').selectOption({ label: 'Every week' });
      await form.getByLabel('On', { exact: true }).selectOption({ label: 'Wednesday' });
      await form.getByLabel('At (UK time)').selectOption({ label: '03:00' });
      await form.getByLabel(/Daily backups to keep/).fill('10');
      await form.getByLabel(/Weekly backups to keep/).fill('6');
      await form.getByRole('button', { name: 'Save schedule' }).click();
      await expect(page.getByText('Backup schedule saved', { exact: true })).toBeVisible();
      await expect(section.getByText('Every Wednesday at 03:00 UK time')).toBeVisible();
      const saved = (await (await page.context().request.get('/api/backups')).json()) as { settings: Record<string, unknown>; health: string };
      expect(saved.settings).toMatchObject({ enabled: true, frequency: 'weekly', weekday: 3, hour: 3, keepDaily: 10, keepWeekly: 6 });
      expect(saved.health).toBe('ok');

      // A value out of bounds is refused in the form, before anything is sent.
      await form.getByLabel(/Daily backups to keep/).fill('0');
      await form.getByRole('button', { name: 'Save schedule' }).click();
      await expect(form.getByText('Daily backups kept must be at least 1')).toBeVisible();
      await form.getByLabel(/Daily backups to keep/).fill('10');

      // Back up now: it runs in the background and appears at the top of the list when done (an
      // earlier backup of today, from the test before, gives way to it: the newest of a day is kept).
      const lastSuccess = async () =>
        ((await (await page.context().request.get('/api/backups')).json()) as { lastSuccess: { name: string } | null }).lastSuccess?.name ?? null;
      const before = await lastSuccess();
      await section.getByRole('button', { name: 'Back up now' }).click();
      await expect(page.getByText('Backup started', { exact: true })).toBeVisible();
      await expect.poll(lastSuccess, { timeout: 60_000 }).not.toBe(before);
      const name = await lastSuccess();
      const newest = section.getByTestId('backup-entry').first();
      await expect(newest).toContainText(name!, { timeout: 10_000 });
      await expect(newest).toContainText('Back up now');
      await expect(newest).toContainText(/rows in \d+ tables/);
      await expect(section.getByTestId('backup-last-success')).not.toHaveText('None yet');
      await expect(section.getByRole('button', { name: 'Back up now' })).toBeEnabled();
      await expect(section.getByTestId('backup-failed')).toHaveCount(0);
      await expect(section.getByTestId('backup-overdue')).toHaveCount(0);
      await expectNoHorizontalScroll(page);

      // Switched off again, as the server was found.
      await form.getByLabel('Take backups on a schedule').uncheck();
      await form.getByRole('button', { name: 'Save schedule' }).click();
      await expect(section.getByText('Scheduled backups are off.', { exact: false })).toBeVisible();
      expect(((await (await page.context().request.get('/api/backups')).json()) as { health: string }).health).toBe('off');
    });

    test('other roles never see the section, and the API refuses them', async ({ browser }) => {
      for (const role of ['asset_manager', 'surveyor'] as const) {
        const { page } = await anotherUser(browser, { role });
        await page.setViewportSize(size.use.viewport);
        await page.goto('/settings');
        await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
        await expect(backupsSection(page)).toHaveCount(0);
        await expect(page.getByRole('button', { name: 'Back up now' })).toHaveCount(0);
        expect((await page.context().request.get('/api/backups')).status()).toBe(403);
        expect((await page.context().request.post('/api/backups')).status()).toBe(403);
        await page.context().close();
      }
    });
  });
}
