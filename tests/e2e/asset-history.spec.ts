import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, createObligation, recordInspection, regimesByKey } from './fixtures';

/** The asset detail page's History tab (issue #7): who changed what, when, refreshed after edits on the page. */

const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name });
const entries = (page: Page) => page.getByTestId('history-entry');
const header = (page: Page) => page.getByTestId('asset-header');

test.describe('asset history', () => {
  test('shows the create, an edit and an assessment with the user’s name and old → new, refreshing after each', async ({ page }) => {
    const user = await signUpViaApi(page, uniqueUser({ fullName: 'Hana Historian' }));
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id, type: 'hvac', condition: 'good', make: 'Carrier' });
    await page.goto(`/assets/${asset.id}`);

    await tab(page, 'History').click();
    await expect(entries(page)).toHaveCount(1);
    const created = entries(page).first();
    await expect(created.getByRole('heading')).toHaveText('Created asset');
    await expect(created.getByTestId('history-actor')).toHaveText(user.fullName);
    await expect(created.getByTestId('history-change').filter({ hasText: 'Make:' })).toHaveText('Make: Carrier');
    await expect(created.getByTestId('history-change').filter({ hasText: 'Location:' })).toHaveText(`Location: ${location.path}`);
    await expect(created.locator('time')).toHaveText(/\d{1,2} \w{3} \d{4}, \d{2}:\d{2}/);

    // An edit made on the page shows in the open tab without a reload.
    await header(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Asset' });
    await dialog.getByLabel('Make', { exact: true }).fill('Trane');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(entries(page)).toHaveCount(2);
    const edited = entries(page).first();
    await expect(edited.getByRole('heading')).toHaveText('Updated asset');
    await expect(edited.getByTestId('history-actor')).toHaveText(user.fullName);
    await expect(edited.getByTestId('history-change')).toHaveText(['Make: Carrier → Trane']);

    // An assessment: its own entry, and the asset's condition change made by the assessor.
    await tab(page, 'Assessments (0)').click();
    await page.getByRole('button', { name: 'Add Assessment' }).click();
    const assessment = page.getByRole('dialog', { name: 'Add Assessment' });
    await assessment.getByLabel('Condition', { exact: true }).selectOption('poor');
    await assessment.getByRole('button', { name: 'Save Assessment' }).click();
    await expect(assessment).toBeHidden();

    await tab(page, 'History').click();
    await expect(entries(page)).toHaveCount(4);
    const conditionChange = entries(page).nth(0);
    await expect(conditionChange.getByRole('heading')).toHaveText('Updated asset');
    await expect(conditionChange.getByTestId('history-change')).toHaveText(['Condition: Good → Poor']);
    await expect(conditionChange.getByTestId('history-actor')).toHaveText(user.fullName);
    await expect(entries(page).nth(1).getByRole('heading')).toHaveText(/^Recorded assessment ASM-\d{6}$/);
    await expect(entries(page).nth(1).getByTestId('history-change').filter({ hasText: 'Condition:' })).toHaveText('Condition: Poor');

    // An action added from the Actions tab shows too.
    await tab(page, 'Actions (0)').click();
    await page.getByRole('button', { name: 'Add Action' }).click();
    const action = page.getByRole('dialog', { name: 'Create Action' });
    await action.getByLabel('Title', { exact: true }).fill('Replace compressor');
    await action.getByRole('button', { name: 'Create Action' }).click();
    await expect(action).toBeHidden();
    await tab(page, 'History').click();
    await expect(entries(page)).toHaveCount(5);
    await expect(entries(page).first().getByRole('heading')).toHaveText(/^Added action ACT-\d{6}$/);
    await expect(entries(page).first().getByTestId('history-change').filter({ hasText: 'Title:' })).toHaveText('Title: Replace compressor');
  });

  test('loads older entries a page at a time', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id, serial: 'S-0' });
    // 55 edits and the create: more than one page of 50.
    for (let i = 1; i <= 55; i++) {
      const res = await page.context().request.patch(`/api/assets/${asset.id}`, { data: { serial: `S-${i}` } });
      expect(res.status()).toBe(200);
    }
    await page.goto(`/assets/${asset.id}`);
    await tab(page, 'History').click();
    await expect(entries(page).first().getByTestId('history-change')).toHaveText(['Serial number: S-54 → S-55']);
    await page.getByTestId('load-more').scrollIntoViewIfNeeded();
    await expect(entries(page)).toHaveCount(56);
    await expect(entries(page).last().getByRole('heading')).toHaveText('Created asset');
    await expect(page.getByTestId('load-more')).toHaveCount(0);
  });

  test('names compliance records by their regime and date, not by their ids', async ({ page }) => {
    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id, type: 'hvac' });
    const gas = (await regimesByKey(page)).gas_safety!;
    const obligation = await createObligation(page, { regimeId: gas.id, assetId: asset.id });
    await recordInspection(page, { obligationId: obligation.id, performedOn: '2025-03-04', result: 'fail' });
    await page.goto(`/assets/${asset.id}`);
    await tab(page, 'History').click();

    const inspection = entries(page).filter({ has: page.getByRole('heading', { name: `Recorded inspection “${gas.name}, 4 Mar 2025”` }) });
    await expect(inspection.getByTestId('history-change')).toContainText(['Compliance obligation: ' + gas.name, 'Date performed: 4 Mar 2025', 'Result: Fail']);
    const raised = entries(page).filter({ has: page.getByRole('heading', { name: /^Added action ACT-/ }) });
    await expect(raised.getByTestId('history-change').filter({ hasText: 'Inspection:' })).toHaveText(`Inspection: ${gas.name}, 4 Mar 2025`);
    await expect(entries(page).filter({ has: page.getByRole('heading', { name: `Added compliance obligation “${gas.name}”` }) })).toHaveCount(1);
    await expect(page.getByTestId('history-change').filter({ hasText: /[0-9a-f]{8}-[0-9a-f]{4}-/ })).toHaveCount(0);
  });

  test("says 'No history yet' when nothing was recorded", async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    // Assets loaded in bulk have no history rows; the API cannot make one, so the answer is stubbed.
    await page.route((url) => url.pathname === `/api/assets/${asset.id}/history`, (route) => route.fulfill({ json: [] }));
    await page.goto(`/assets/${asset.id}`);
    await tab(page, 'History').click();
    await expect(page.getByText('No history yet')).toBeVisible();
  });
});
