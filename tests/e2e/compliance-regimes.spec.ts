import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createObligation, createPlace, expectNoHorizontalScroll, recordInspection, uniqueToken } from './fixtures';

/**
 * The regimes screen (ADR 025): everyone reads the catalogue; an org admin adds a regime of the
 * organisation's own, changes its interval (the due dates under it move at once) and retires it.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const regimeCard = (page: Page, name: string) => page.getByTestId('regime-card').filter({ has: page.getByText(name, { exact: true }) });

function shownDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

for (const size of SIZES) {
  test.describe(`regimes on ${size.name}`, () => {
    test.use(size.use);

    test('an org admin adds a regime, changes its interval so the due dates move, and retires it', async ({ page }) => {
      test.slow();
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const name = `Roller shutter service ${uniqueToken('')}`;

      await page.goto('/compliance');
      await page.getByRole('link', { name: 'Regimes' }).click();
      await expect(page.getByRole('heading', { name: 'Inspection regimes', level: 1 })).toBeVisible();
      await expect(regimeCard(page, 'Electrical installation condition report (EICR)')).toContainText('BS 7671');

      await page.getByRole('button', { name: 'Add regime' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add regime' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Category').selectOption({ label: 'Energy and environment' });
      await dialog.getByLabel('Interval', { exact: true }).fill('12');
      await dialog.getByLabel('Interval unit').selectOption({ label: 'Months' });
      await dialog.getByLabel('Legal or standard reference').fill('Insurer requirement');
      await dialog.getByLabel('Site').check();
      // A window as long as the interval is refused beside its field.
      await dialog.getByLabel(/Due-soon window/).fill('400');
      await dialog.getByRole('button', { name: 'Add regime' }).click();
      await expect(dialog.getByRole('alert')).toContainText('at most 366 days');
      await dialog.getByLabel(/Due-soon window/).fill('30');
      await dialog.getByRole('button', { name: 'Add regime' }).click();
      await expect(dialog).toBeHidden();
      const card = regimeCard(page, name);
      await expect(card).toContainText('12 months');
      await expect(card).toContainText('Insurer requirement');

      // An obligation under it, inspected on 10 January last year.
      const regimes = (await (await page.context().request.get('/api/compliance/regimes')).json()) as Array<{ id: string; name: string }>;
      const regime = regimes.find((r) => r.name === name)!;
      const site = await createPlace(page, { name: `Depot ${uniqueToken('')}`, type: 'site' });
      const obligation = await createObligation(page, { regimeId: regime.id, locationId: site.id });
      const lastYear = new Date().getUTCFullYear() - 1;
      await recordInspection(page, { obligationId: obligation.id, performedOn: `${lastYear}-01-10`, result: 'pass' });

      await card.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit regime' });
      await expect(edit).toContainText('moves the due dates');
      await edit.getByLabel('Interval', { exact: true }).fill('6');
      await edit.getByRole('button', { name: 'Save regime' }).click();
      await expect(edit).toBeHidden();
      await expect(card).toContainText('6 months');

      // The site's own regime is now due six months after its last inspection: overdue.
      await page.goto(`/locations/${site.id}?tab=compliance`);
      const duty = page.getByTestId('asset-obligation').filter({ hasText: name });
      await expect(duty).toHaveAttribute('data-status', 'overdue');
      await expect(duty).toContainText(shownDate(`${lastYear}-07-10`));

      await page.goto('/compliance/regimes');
      await regimeCard(page, name).getByRole('button', { name: `Retire ${name}` }).click();
      await expect(regimeCard(page, name)).toContainText('Retired');
      await expectNoHorizontalScroll(page);
    });
  });
}

test('a surveyor reads the catalogue but cannot change it', async ({ page }) => {
  await signUpViaApi(page, uniqueUser({ role: 'surveyor' }));
  await page.goto('/compliance/regimes');
  await expect(page.getByRole('heading', { name: 'Inspection regimes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('regime-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add regime' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});
