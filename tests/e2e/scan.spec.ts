import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';
import { detailsTabQr, labelPhoto, stillVideoY4m } from '../factories/labels';
import { assetLink, locationLink } from '../../src/shared/domain/scan';

/**
 * The scanner (ADR 027): a code typed or sent by a USB scanner, a photo of a label, the camera
 * (Chromium's fake capture device playing a video of a printed label), unknown codes, location tags
 * and the labels' deep links. The decoder here is the WebAssembly one in its Worker: Chromium on
 * Linux has no BarcodeDetector.
 */

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

const openScanner = async (page: Page) => {
  await page.getByRole('banner').getByRole('button', { name: 'Scan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan' });
  await expect(dialog).toBeVisible();
  return dialog;
};

const typeCode = async (page: Page, code: string) => {
  const dialog = page.getByRole('dialog', { name: 'Scan' });
  // A USB or Bluetooth scanner types the code and presses Enter, as a person does.
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Code').press('Enter');
};

test.describe('scanning at a desk', () => {
  test('a code typed or sent by a scanner opens the asset, by its barcode or its code in small letters', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const barcode = uniqueToken('5012');
    const asset = await createAsset(page, { locationId: location.id, barcode, description: 'Boiler 1' });

    await page.goto('/assets');
    await openScanner(page);
    await typeCode(page, barcode);
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
    await expect(page.getByRole('dialog', { name: 'Scan' })).toBeHidden();

    await page.getByRole('button', { name: 'Scan next' }).click();
    await typeCode(page, asset.assetId.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
  });

  test('an unknown code offers to register a new asset with the barcode filled in', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const barcode = uniqueToken('NEW-');

    await page.goto('/');
    const dialog = await openScanner(page);
    await typeCode(page, barcode);
    await expect(dialog.getByTestId('scan-outcome')).toContainText(`No asset or location has the code ${barcode}`);
    await dialog.getByRole('button', { name: 'Register a new asset with this barcode' }).click();

    const form = page.getByRole('dialog', { name: 'Add Asset' });
    await expect(form).toBeVisible();
    await expect(page).toHaveURL(/\/assets$/);
    await expect(form.getByLabel('Barcode')).toHaveValue(barcode);
    await form.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('textbox', { name: 'Search locations' }).fill(location.name);
    await page.getByRole('option', { name: new RegExp(location.name) }).click();
    await page.getByRole('button', { name: 'Create Asset' }).click();
    await expect(form).toBeHidden();

    // Scanned again, the barcode now opens the asset registered with it.
    const created = await page.context().request.get(`/api/scan?code=${encodeURIComponent(barcode)}`);
    const result = (await created.json()) as { kind: string; asset: { id: string; locationId: string } };
    expect(result.kind).toBe('asset');
    expect(result.asset.locationId).toBe(location.id);
  });

  test('a blocked camera is explained, and a photo or typing still work', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await signUpViaApi(page);
    await page.goto('/');
    const dialog = await openScanner(page);
    await expect(dialog.getByTestId('camera-state')).toHaveAttribute('data-state', 'denied');
    await expect(dialog).toContainText('The camera is blocked for this site');
    await expect(dialog.getByRole('button', { name: 'Take a photo of the label' })).toBeEnabled();
    await expect(dialog.getByLabel('Code')).toBeEditable();
  });
});

test.describe('scanning on a phone', () => {
  test.use(PHONE);

  test('a photo of a printed label (its link) opens the asset, decoded in the Worker', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    const photo = await labelPhoto(await detailsTabQr(assetLink('https://assets.example.org', asset.assetId)), { size: 420, angle: 12 });

    await page.goto('/');
    const dialog = await openScanner(page);
    await expect(dialog.getByTestId('scan-dialog')).toHaveAttribute('data-engine', 'wasm');
    await dialog.getByLabel('Photo of a label').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: photo });
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
  });

  test('a photo with no code in it says so', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/');
    const dialog = await openScanner(page);
    const blank = await labelPhoto(await detailsTabQr('x'), { size: 1, width: 800, height: 600 });
    await dialog.getByLabel('Photo of a label').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
    await expect(dialog.getByRole('alert')).toContainText('No code was found in the photo');
  });

  test('a location tag sets where the next asset is registered, until cleared', async ({ page, baseURL }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const barcode = uniqueToken('PUMP-');

    await page.goto('/');
    const dialog = await openScanner(page);
    await typeCode(page, locationLink(baseURL!, location.id));
    await expect(dialog.getByRole('status').filter({ hasText: 'Scanning at' })).toContainText(location.path);
    const chip = page.getByTestId('scan-location');
    await expect(chip).toContainText(location.name);
    // The top bar keeps its title, the chip and Scan within 390 px.
    await expectNoHorizontalScroll(page);

    await typeCode(page, barcode);
    await dialog.getByRole('button', { name: 'Register a new asset with this barcode' }).click();
    const form = page.getByRole('dialog', { name: 'Add Asset' });
    await expect(form.getByLabel('Barcode')).toHaveValue(barcode);
    await expect(form.getByRole('combobox', { name: 'Location' })).toHaveText(location.path);
    await page.getByRole('button', { name: 'Create Asset' }).click();
    await expect(form).toBeHidden();
    const result = await (await page.context().request.get(`/api/scan?code=${barcode}`)).json();
    expect(result.asset.locationId).toBe(location.id);

    // Kept across reloads (per device), and cleared from the top bar.
    await page.reload();
    await expect(chip).toContainText(location.name);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Scan', exact: true })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await chip.getByRole('button', { name: `Stop scanning at ${location.name}` }).click();
    await expect(chip).toBeHidden();
    await page.goto('/assets');
    await page.getByRole('button', { name: 'Add Asset' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Asset' }).getByRole('combobox', { name: 'Location' })).toHaveText('Select a location');
  });

  test('a label’s link opened signed out signs in first, then opens the asset', async ({ page, browser }) => {
    const user = await signUpViaApi(page, uniqueUser());
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });

    const visitor = await browser.newContext(PHONE);
    const phone = await visitor.newPage();
    await phone.goto(`/a/${asset.assetId}`);
    await expect(phone).toHaveURL(/\/auth\?next=%2Fa%2F/);
    await phone.getByLabel('Username').fill(user.username);
    await phone.getByLabel('Password').fill(user.password);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(phone).toHaveURL(new RegExp(`/assets/${asset.id}$`));
    await expect(phone.getByRole('heading', { name: asset.assetId, level: 1 })).toBeVisible();

    // A link to nothing says so; the sign-in page sends nobody to another site.
    await phone.goto('/a/AST-NOPE-0');
    await expect(phone.getByRole('heading', { name: 'No asset AST-NOPE-0' })).toBeVisible();
    await visitor.close();
    await page.goto('/auth?next=https%3A%2F%2Fevil.example%2Fa%2Fx');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('scanning with the camera', () => {
  test('the rear camera reads a printed label and opens the asset', async ({ page, baseURL }, testInfo) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const asset = await createAsset(page, { locationId: location.id });
    const credentials = await page.context().storageState();

    // The camera films the Details tab's QR code (the bare assetId) on a card, slightly turned.
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'scan-e2e-'));
    const video = path.join(folder, 'label.y4m');
    await fs.writeFile(video, await stillVideoY4m(await labelPhoto(await detailsTabQr(asset.assetId), { size: 300, angle: 8 })));

    const launch = testInfo.project.use.launchOptions ?? {};
    const browser = await chromium.launch({
      ...launch,
      args: [...(launch.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await browser.newContext({ ...PHONE, baseURL, storageState: credentials });
      const phone = await context.newPage();
      await phone.goto('/');
      await openScanner(phone);
      await expect(phone).toHaveURL(new RegExp(`/assets/${asset.id}$`), { timeout: 20_000 });
    } finally {
      await browser.close();
      await fs.rm(folder, { recursive: true, force: true });
    }
  });
});

test.describe('label sheets', () => {
  for (const [name, device] of [['wide screen', {}], ['phone', PHONE]] as const) {
    test(`a location's Labels downloads an A4 PDF of its assets' labels (${name})`, async ({ browser }) => {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const location = await createLocation(page);
      await createAsset(page, { locationId: location.id, description: 'Boiler 1' });
      await createAsset(page, { locationId: location.id, description: 'Boiler 2' });

      await page.goto(`/locations/${location.id}`);
      await page.getByRole('button', { name: 'Labels' }).click();
      const dialog = page.getByRole('dialog', { name: 'Print labels' });
      await expect(dialog).toContainText(`QR labels for the 2 assets in ${location.name}`);
      await dialog.getByLabel('Label sheet').selectOption('l7651');
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^labels-.*-l7651\.pdf$/);
      const pdf = await fs.readFile((await download.path())!);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // Tags for the location and the rooms inside it, to stick by each door.
      await dialog.getByLabel('Print').selectOption({ label: 'Location tags (this location and each one inside it)' });
      const [tags] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
      expect(tags.suggestedFilename()).toMatch(/^location-tags-.*-l7651\.pdf$/);
      expect((await fs.readFile((await tags.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
      await context.close();
    });

    test(`labels for assets chosen on the asset list (${name})`, async ({ browser }) => {
      const context = await browser.newContext(device);
      const page = await context.newPage();
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const location = await createLocation(page);
      const token = uniqueToken('Chiller');
      const [first, second, third] = [
        await createAsset(page, { locationId: location.id, description: `${token} one` }),
        await createAsset(page, { locationId: location.id, description: `${token} two` }),
        await createAsset(page, { locationId: location.id, description: `${token} three` }),
      ];

      await page.goto('/assets');
      await page.getByRole('searchbox', { name: 'Search assets' }).fill(token);
      await expect(page.getByTestId('asset-card')).toHaveCount(3);
      await page.getByRole('button', { name: 'Labels' }).click();
      const bar = page.getByRole('region', { name: 'Choose assets for labels' });
      await expect(bar.getByRole('status')).toHaveText('Choose the assets to print labels for');
      await page.getByText(first!.assetId, { exact: true }).click();
      await page.getByText(third!.assetId, { exact: true }).click();
      await expect(bar.getByRole('status')).toHaveText('2 chosen');
      await expect(page.getByRole('checkbox', { name: `Choose ${first!.assetId}` })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: `Choose ${second!.assetId}` })).not.toBeChecked();
      await expectNoHorizontalScroll(page);

      await bar.getByRole('button', { name: 'Print labels' }).click();
      const dialog = page.getByRole('dialog', { name: 'Print labels' });
      await expect(dialog).toContainText('QR labels for the 2 chosen assets');
      const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download PDF' }).click()]);
      expect(download.suggestedFilename()).toBe('labels-2-assets-l7160.pdf');
      expect((await fs.readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

      // An asset deleted meanwhile: the server's reason, in the dialog.
      expect((await page.context().request.delete(`/api/assets/${third!.id}`)).status()).toBe(204);
      await dialog.getByRole('button', { name: 'Download PDF' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('1 of the chosen assets no longer exist: choose again');
      await context.close();
    });
  }

  test('an org admin makes labels encode links in Settings', async ({ page }) => {
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    await page.goto('/settings');
    await page.getByRole('radio', { name: /A link to the asset/ }).check();
    await page.getByLabel('Links start with').fill('https://labels.example.org/');
    await page.getByRole('button', { name: 'Save label settings' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved' }).first()).toBeVisible();
    const settings = await (await page.context().request.get('/api/settings')).json();
    expect(settings).toMatchObject({ labelContent: 'link', labelLinkBase: 'https://labels.example.org' });
    // Put back: other tests print bare codes.
    await page.context().request.patch('/api/settings', { data: { labelContent: 'code', labelLinkBase: '' } });
  });
});
