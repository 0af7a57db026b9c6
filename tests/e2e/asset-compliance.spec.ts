import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, createObligation, daysAgo, expectNoHorizontalScroll, recordInspection, regimesByKey } from './fixtures';

/**
 * An asset's Compliance tab (ADR 025): an asset manager puts a regime on a boiler, then records
 * inspections at it as a surveyor would on a phone: a fail raises a remedial action and marks the
 * duty failed; a pass after it moves the due date on. A surveyor is shown why they cannot set duties up.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const regimeCard = (page: Page, name: string) => page.getByTestId('asset-obligation').filter({ hasText: name });

/** Today and a year on as the app shows dates ("26 Nov 2026"), on the organisation's calendar (London). */
function shownDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' }).format(date);
}

async function openComplianceTab(page: Page, assetId: string) {
  await page.goto(`/assets/${assetId}`);
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByRole('heading', { name: 'Inspection regimes' })).toBeVisible();
}

for (const size of SIZES) {
  test.describe(`an asset's compliance on ${size.name}`, () => {
    test.use(size.use);

    test('puts a regime on the asset and records a failed then a passed inspection', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager', fullName: 'Ada Manager' }));
      const gas = (await regimesByKey(page)).gas_safety!;
      const site = await createLocation(page);
      const boiler = await createAsset(page, { locationId: site.id, type: 'hvac', make: 'Ideal' });
      await openComplianceTab(page, boiler.id);
      await expect(page.getByText('No inspection regimes')).toBeVisible();

      // The regimes usual for an HVAC unit are offered first.
      await page.getByRole('button', { name: 'Add regime' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add regime' });
      const regime = dialog.getByLabel('Regime');
      await expect(regime.locator('optgroup[label="Suggested for HVAC"] option', { hasText: gas.name })).toHaveCount(1);
      await regime.selectOption({ label: gas.name });
      await dialog.getByRole('button', { name: 'Add regime' }).click();
      await expect(dialog).toBeHidden();
      const card = regimeCard(page, gas.name);
      await expect(card).toHaveAttribute('data-status', 'unknown');
      await expect(card).toContainText('Never inspected');

      // A fail: the duty is failed and a remedial action is raised on the asset.
      await card.getByRole('button', { name: `Record inspection: ${gas.name}` }).click();
      const record = page.getByRole('dialog', { name: 'Record inspection' });
      await expect(record.getByLabel('Date performed')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
      await record.getByLabel('Fail').check();
      await record.getByLabel('Certificate number').fill('GS-4471');
      await record.getByLabel('Notes').fill('Flue spillage test failed');
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record).toBeHidden();
      await expect(card).toHaveAttribute('data-status', 'failed');
      await expect(card).toContainText(`${shownDate(new Date())} · Fail`);
      await page.getByRole('tab', { name: /^Actions/ }).click();
      await expect(page.getByText(`${gas.name} failed`)).toBeVisible();

      // A pass the next visit: compliant, due a year on.
      await page.getByRole('tab', { name: 'Compliance' }).click();
      await card.getByRole('button', { name: `Record inspection: ${gas.name}` }).click();
      await record.getByLabel('Pass', { exact: true }).check();
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record).toBeHidden();
      await expect(card).toHaveAttribute('data-status', 'compliant');
      const nextYear = new Date();
      nextYear.setFullYear(nextYear.getFullYear() + 1);
      await expect(card).toContainText(shownDate(nextYear));
      await expectNoHorizontalScroll(page);
    });

    test("warns on the Details tab where a compliant flag is not backed by the asset's inspections", async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const { fire_extinguisher_service: extinguishers } = await regimesByKey(page);
      const site = await createLocation(page);
      // Marked compliant for fire by hand, with no inspection recorded: the flag stands as set, with a warning.
      const asset = await createAsset(page, { locationId: site.id, type: 'other', complianceFire: 'yes' });
      const duty = await createObligation(page, { regimeId: extinguishers!.id, assetId: asset.id });
      await page.goto(`/assets/${asset.id}`);
      const evidence = page.getByTestId('flag-evidence');
      await expect(evidence.getByRole('status')).toHaveText('Fire: Marked compliant, but no inspection has been recorded (Unknown)');
      await expect(evidence.getByRole('definition').first()).toHaveText('Unknown');
      await expect(evidence.getByText('No inspection duties')).toHaveCount(3);
      await expectNoHorizontalScroll(page);

      // Once an inspection passes, the evidence backs the flag and the warning goes.
      await recordInspection(page, { obligationId: duty.id, performedOn: daysAgo(1), result: 'pass' });
      await page.reload();
      await expect(evidence.getByRole('definition').first()).toHaveText('Compliant');
      await expect(evidence.getByRole('status')).toHaveCount(0);
    });

    test('offers to set up the usual inspections when an asset is created', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const { gas_safety: gas } = await regimesByKey(page);
      const site = await createLocation(page);
      await page.goto('/assets');
      await page.getByRole('button', { name: 'Add Asset' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add Asset' });
      await dialog.getByRole('combobox', { name: 'Location' }).click();
      await page.getByRole('textbox', { name: 'Search locations' }).fill(site.name);
      await page.getByRole('option', { name: new RegExp(site.name) }).click();
      await dialog.getByLabel('Type', { exact: true }).selectOption('hvac');
      await dialog.getByRole('button', { name: 'Create Asset' }).click();

      const toast = page.getByTestId('toast');
      await expect(toast).toContainText('The asset has been added to the register');
      await toast.getByRole('link', { name: 'Set up its inspections (usual for HVAC)' }).click();
      await expect(page).toHaveURL(/\/assets\/[^/?]+\?tab=compliance$/);
      await expect(page.getByRole('tab', { name: 'Compliance' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('suggested-regimes')).toContainText(gas!.name);
    });

    test('shows a surveyor why they cannot set duties up', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'surveyor' }));
      const site = await createLocation(page);
      const asset = await createAsset(page, { locationId: site.id, type: 'hvac' });
      await openComplianceTab(page, asset.id);
      const add = page.getByRole('button', { name: 'Add regime' });
      await expect(add).toHaveAttribute('aria-disabled', 'true');
      await expect(page.getByTestId('disabled-reason')).not.toBeEmpty();
    });
  });
}
