import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createAssessment, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';
import type { Asset } from '../../src/shared/contract/assets';

/** The asset detail page (spec §2 Asset detail): header, tabs, QR code, edit, delete, assessments. */

const header = (page: Page) => page.getByTestId('asset-header');
const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name });

test.describe('asset detail', () => {
  test('opens from its card and shows the header, details, compliance badges only when not N/A, and custom fields', async ({ page }) => {
    // An asset manager: Delete is offered only to roles that may delete assets (ADR 024).
    await signUpViaApi(page, uniqueUser({ fullName: 'Dana Creator', role: 'asset_manager' }));
    const location = await createLocation(page);
    const make = uniqueToken('Otis');
    const asset = await createAsset(page, {
      locationId: location.id,
      type: 'fire_door',
      condition: 'fair',
      make,
      model: 'FD30',
      serial: 'SER-123',
      barcode: 'BC-9',
      installDate: '2023-02-14',
      conditionNotes: 'Closer is slow',
      complianceFire: 'yes',
      complianceElectrical: 'na',
      complianceLoler: 'no',
      complianceHygiene: 'yes',
      status: 'active',
      customFields: { Rating: 'FD30S' },
    });

    await page.goto(`/assets?search=${make}`);
    await page.getByTestId('asset-card').filter({ hasText: asset.assetId }).click();
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));

    const top = header(page);
    await expect(top.getByRole('heading', { name: asset.assetId, level: 1 })).toBeVisible();
    await expect(top.locator('[data-condition="fair"]')).toHaveText('Fair');
    await expect(top.locator('[data-status="active"]')).toHaveText('Active');
    await expect(top.getByTestId('asset-type')).toHaveText('Fire door');
    await expect(top.getByTestId('asset-location')).toHaveText(location.path);
    await expect(top.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(top.getByRole('button', { name: 'Delete' })).toBeVisible();

    await expect(tab(page, 'Details')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Assessments (0)')).toBeVisible();
    await expect(tab(page, 'Actions (0)')).toBeVisible();
    await expect(tab(page, 'Media (0)')).toBeVisible();

    await expect(page.getByLabel('Asset information')).toContainText(make);
    await expect(page.getByLabel('Asset information')).toContainText('SER-123');
    await expect(page.getByLabel('Asset information')).toContainText('BC-9');
    await expect(page.getByLabel('Asset information')).toContainText('Dana Creator');
    await expect(page.getByText('Closer is slow')).toBeVisible();

    // Fire is recorded (yes) so it shows as a badge; electrical is N/A so it does not.
    const badges = page.getByTestId('compliance-badges');
    await expect(badges.locator('[data-compliance]')).toHaveCount(1);
    await expect(badges).toHaveText('Fire: Compliant');
    await expect(page.getByText(/Electrical:/)).toHaveCount(0);
    // The spec's four flags on the Details tab (the Compliance tab holds the inspection regimes).
    const compliance = page.getByRole('tabpanel', { name: 'Details' }).getByLabel('Compliance', { exact: true });
    await expect(compliance).toContainText('LOLER (lifting equipment)');
    await expect(compliance).toContainText('Non-compliant');
    await expect(compliance).toContainText('Hygiene');
    await expect(page.getByLabel('Custom fields')).toContainText('Rating');
    await expect(page.getByLabel('Custom fields')).toContainText('FD30S');
  });

  test('shows no compliance badges when fire and electrical are N/A, and a skeleton while loading', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id, complianceElectrical: 'no' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route((url) => url.pathname === `/api/assets/${asset.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByTestId('asset-detail-skeleton')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: asset.assetId, level: 1 })).toBeVisible();
    await expect(page.getByTestId('compliance-badges')).toHaveText('Electrical: Non-compliant');

    const plain = await createAsset(page, { locationId: location.id });
    await page.goto(`/assets/${plain.id}`);
    await expect(page.getByRole('heading', { name: plain.assetId, level: 1 })).toBeVisible();
    await expect(page.getByTestId('compliance-badges')).toHaveCount(0);
  });

  test('shows a 200×200 QR code of the asset id and downloads it as <assetId>.png', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    await page.goto(`/assets/${asset.id}`);

    const qr = page.getByRole('img', { name: `QR code for ${asset.assetId}` });
    await expect(qr).toBeVisible();
    const box = await qr.boundingBox();
    expect(box).toMatchObject({ width: 200, height: 200 });
    expect(await qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([200, 200]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe(`${asset.assetId}.png`);
    const bytes = await fs.readFile((await download.path())!);
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The data: image and its download run under the Content Security Policy.
    expect(violations).toEqual([]);
  });

  test('edits the asset through the dialog', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id, make: 'Old make', serial: 'KEEP-1' });
    await page.goto(`/assets/${asset.id}`);

    await header(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Asset' });
    await expect(dialog.getByLabel('Make', { exact: true })).toHaveValue('Old make');
    await expect(dialog.getByLabel('Serial number')).toHaveValue('KEEP-1');
    await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveText(location.path);
    await dialog.getByLabel('Make', { exact: true }).fill('New make');
    await dialog.getByLabel('Condition', { exact: true }).selectOption('excellent');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByTestId('toast')).toContainText('Asset updated');
    await expect(page.getByTestId('toast')).toContainText('The asset has been saved');
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Asset information')).toContainText('New make');
    await expect(page.getByLabel('Asset information')).toContainText('KEEP-1');
    await expect(header(page).locator('[data-condition="excellent"]')).toHaveText('Excellent');

    await page.reload();
    await expect(page.getByLabel('Asset information')).toContainText('New make');
  });

  test('keeps custom fields that are not text (numbers, true/false, objects) when the asset is edited on screen', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    // Set by another client through the API (spec §3: customFields is json).
    const asset = await createAsset(page, {
      locationId: location.id,
      customFields: { Rating: 'FD30', Circuits: 4, 'F-gas': true, Service: { contractor: 'CoolCo', months: [3, 9] }, Spare: 7, Note: 'drop me' },
    });
    // The editor lists the fields in the order the API answers them (jsonb's key order).
    const position = (name: string) => Object.keys(asset.customFields).indexOf(name) + 1;
    // Shown as JSON text, with the nested keys in that order too.
    const serviceJson = JSON.stringify(asset.customFields.Service);

    await page.goto(`/assets/${asset.id}`);
    const shown = page.getByLabel('Custom fields');
    await expect(shown).toContainText('Circuits');
    await expect(shown).toContainText(serviceJson);

    await header(page).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Asset' });
    const circuits = dialog.getByLabel(`Custom fields value ${position('Circuits')} (number, read-only)`);
    await expect(circuits).toHaveValue('4');
    await expect(circuits).toHaveAttribute('readonly', '');
    await expect(dialog.getByLabel(`Custom fields value ${position('F-gas')} (true/false, read-only)`)).toHaveValue('true');
    await expect(dialog.getByLabel(`Custom fields value ${position('Service')} (object, read-only)`)).toHaveValue(serviceJson);

    await dialog.getByLabel(`Custom fields value ${position('Rating')}`, { exact: true }).fill('FD60');
    // Remove one text row and one number row (later rows first, so the earlier positions hold).
    const removals = ['Spare', 'Note'].map(position).sort((a, b) => b - a);
    for (const index of removals) await dialog.getByRole('button', { name: `Remove custom fields ${index}`, exact: true }).click();
    await dialog.getByLabel('Make', { exact: true }).fill('Daikin');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Asset updated');
    await expect(dialog).toBeHidden();

    const stored = (await (await page.request.get(`/api/assets/${asset.id}`)).json()) as Asset;
    expect(stored.make).toBe('Daikin');
    expect(stored.customFields).toEqual({ Rating: 'FD60', Circuits: 4, 'F-gas': true, Service: { contractor: 'CoolCo', months: [3, 9] } });
  });

  test('records an assessment with two defects: newest first, assessor, defects, and the new condition in the header', async ({ page }) => {
    const user = await signUpViaApi(page, uniqueUser({ fullName: 'Ash Assessor' }));
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id, condition: 'good' });
    await createAssessment(page, { assetId: asset.id, condition: 'good', conditionNotes: 'Older visit', assessedAt: '2024-01-10T09:00:00Z' });
    await page.goto(`/assets/${asset.id}`);

    await tab(page, 'Assessments (1)').click();
    await expect(page.getByRole('heading', { name: '1 assessment' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
    const condition = dialog.getByLabel('Condition', { exact: true });
    await expect(condition).toHaveValue('');
    await expect(condition.locator('option:checked')).toHaveText('Select condition');
    await expect(dialog.getByLabel('Assessed at')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    await dialog.getByRole('button', { name: 'Save Assessment' }).click();
    await expect(dialog.getByText('Condition rating is required')).toBeVisible();

    await condition.selectOption('poor');
    await dialog.getByLabel('Notes').fill('Hinge corroded, glazing cracked');
    await dialog.getByRole('button', { name: 'Add defect' }).click();
    await dialog.getByRole('button', { name: 'Add defect' }).click();
    await dialog.getByRole('button', { name: 'Add defect' }).click();
    await dialog.getByRole('button', { name: 'Remove defect 3' }).click();
    await expect(dialog.getByTestId('defect-row')).toHaveCount(2);
    await expect(dialog.getByLabel('Defect 1 severity')).toHaveValue('medium');
    await dialog.getByLabel('Defect 1 code').fill('D-01');
    await dialog.getByLabel('Defect 1 description').fill('Hinge corroded');
    await dialog.getByLabel('Defect 2 code').fill('D-02');
    await dialog.getByLabel('Defect 2 description').fill('Glazing cracked');
    await dialog.getByLabel('Defect 2 severity').selectOption('high');
    await dialog.getByRole('button', { name: 'Save Assessment' }).click();

    await expect(page.getByTestId('toast')).toContainText('Assessment created');
    await expect(page.getByTestId('toast')).toContainText('The condition assessment has been recorded successfully');
    await expect(dialog).toBeHidden();
    await expect(tab(page, 'Assessments (2)')).toBeVisible();

    const history = page.getByTestId('assessment');
    await expect(history).toHaveCount(2);
    const newest = history.first();
    await expect(newest.locator('[data-condition="poor"]')).toHaveText('Poor');
    await expect(newest).toContainText(`Assessed by ${user.fullName}`);
    await expect(newest).toContainText('Hinge corroded, glazing cracked');
    await expect(newest).toContainText(/ASM-\d{6}/);
    const defects = newest.getByTestId('defect');
    await expect(defects).toHaveCount(2);
    await expect(defects.filter({ hasText: 'D-01' })).toContainText('Hinge corroded');
    await expect(defects.filter({ hasText: 'D-01' })).toContainText('Medium');
    await expect(defects.filter({ hasText: 'D-02' })).toContainText('Glazing cracked');
    await expect(defects.filter({ hasText: 'D-02' })).toContainText('High');
    await expect(history.nth(1)).toContainText('Older visit');

    // The assessment set the asset's condition.
    await expect(header(page).locator('[data-condition="poor"]')).toHaveText('Poor');
  });

  test("says 'No assessments recorded' and 'No photos yet' for a new asset", async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    await page.goto(`/assets/${asset.id}`);
    await tab(page, 'Assessments (0)').click();
    await expect(page.getByText('No assessments recorded')).toBeVisible();
    await tab(page, 'Media (0)').click();
    await expect(page.getByRole('heading', { name: '0 photos' })).toBeVisible();
    await expect(page.getByText('No photos yet')).toBeVisible();
  });

  test('Add Action in the Actions tab creates an action linked to this asset', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    const title = uniqueToken('Replace closer ');
    await page.goto(`/assets/${asset.id}`);

    await tab(page, 'Actions (0)').click();
    await page.getByRole('button', { name: 'Add Action' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Action' });
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByRole('button', { name: 'Create Action' }).click();
    await expect(page.getByTestId('toast')).toContainText('Action created');

    await expect(tab(page, 'Actions (1)')).toBeVisible();
    await expect(page.getByTestId('action-card').filter({ hasText: title })).toBeVisible();
    const res = await page.context().request.get(`/api/actions?assetId=${asset.id}`);
    const actions = (await res.json()) as { title: string; assetId: string }[];
    expect(actions).toEqual([expect.objectContaining({ title, assetId: asset.id })]);
  });

  test('deletes the asset after a confirmation that says what goes with it', async ({ page }) => {
    // Surveyors may not delete assets (ADR 024's default matrix); asset managers may.
    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    await createAssessment(page, { assetId: asset.id, condition: 'fair' });
    await page.goto(`/assets/${asset.id}`);
    await expect(tab(page, 'Assessments (1)')).toBeVisible();

    await header(page).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`This permanently deletes ${asset.assetId} with its 1 assessment, 0 actions and 0 photos.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await header(page).getByRole('button', { name: 'Delete' }).click();
    // The page being left must not refetch the deleted asset and flash 'Asset not found'.
    await page.evaluate(() => {
      const w = window as unknown as { sawNotFound: boolean };
      w.sawNotFound = false;
      new MutationObserver(() => {
        if (document.body.innerText.includes('Asset not found')) w.sawNotFound = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/assets$/);
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sawNotFound: boolean }).sawNotFound)).toBe(false);
    await expect(page.getByTestId('toast')).toContainText('Asset deleted');
    await expect(page.getByTestId('toast')).toContainText(`${asset.assetId} has been removed from the register`);

    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByText('Asset not found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Assets' }).click();
    await expect(page).toHaveURL(/\/assets$/);
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  });

  test('markup in every text field is shown as text on the list and the detail page (SEC-OUT-1)', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    await signUpViaApi(page);
    const token = uniqueToken('xss');
    const img = `<img src=x onerror=alert(1)>${token}`;
    const svg = `"><svg onload=alert(2)>${token}`;
    const location = await createLocation(page, img);
    const asset = await createAsset(page, {
      locationId: location.id,
      make: svg,
      model: img,
      serial: svg,
      subtype: img,
      barcode: svg,
      description: img,
      conditionNotes: svg,
      customFields: { [img]: svg },
    });

    await page.goto(`/assets?search=${token}`);
    await expect(page.getByTestId('asset-card')).toHaveCount(1);
    await expect(page.getByTestId('asset-card')).toContainText(svg);
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByTestId('asset-location')).toHaveText(img);
    await expect(page.getByLabel('Custom fields')).toContainText(img);
    await expect(page.getByText(svg).first()).toBeVisible();
    expect(await page.locator('main img:not([alt^="QR code"]), main svg[onload]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test("a malformed id shows 'Asset not found'", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/assets/not-an-asset');
    await expect(page.getByText('Asset not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Assets' })).toHaveAttribute('href', '/assets');
  });
});

test.describe('asset detail on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the header wraps, the tabs fit or scroll, nothing scrolls sideways, and dialogs fill the screen', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page, uniqueToken('A rather long site name for a small screen '));
    const asset = await createAsset(page, { locationId: location.id, make: 'Carrier' });
    await page.goto(`/assets/${asset.id}`);

    await expect(page.getByRole('heading', { name: asset.assetId, level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
    const tabs = page.getByRole('tablist');
    const tabsBox = await tabs.boundingBox();
    expect(tabsBox!.x + tabsBox!.width).toBeLessThanOrEqual(390);
    await tab(page, 'Media (0)').click();
    await expect(page.getByText('No photos yet')).toBeVisible();
    await tab(page, 'Details').click();
    await expect(page.getByRole('img', { name: `QR code for ${asset.assetId}` })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await header(page).getByRole('button', { name: 'Edit' }).click();
    const box = await page.getByRole('dialog', { name: 'Edit Asset' }).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeInViewport();
  });
});
