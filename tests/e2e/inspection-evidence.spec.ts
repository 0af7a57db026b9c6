import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, createObligation, expectNoHorizontalScroll, regimesByKey } from './fixtures';
import { minimalPdf } from '../factories/pdf';

/**
 * An inspection's evidence and the history (ADR 025): on an asset's Compliance tab, an inspection is
 * recorded with a PDF certificate and a photo taken at the boiler; its History lists both, the PDF
 * downloads under its own name, and a letter that came later is added to the entry.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const jpeg = () => sharp({ create: { width: 160, height: 120, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();

/** Chooses files through the picker's button, as a person does (the file chooser opens). */
async function chooseFiles(page: Page, scope: Locator, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: 'Add photos or PDFs' }).click();
  await (await chooser).setFiles(files);
}

for (const size of SIZES) {
  test.describe(`inspection evidence on ${size.name}`, () => {
    test.use(size.use);

    test('records an inspection with a PDF certificate and a photo, lists them in the history, downloads the PDF and adds a letter later', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager', fullName: 'Ada Manager' }));
      const gas = (await regimesByKey(page)).gas_safety!;
      const site = await createLocation(page);
      const boiler = await createAsset(page, { locationId: site.id, type: 'hvac', make: 'Ideal' });
      await createObligation(page, { regimeId: gas.id, assetId: boiler.id });
      await page.goto(`/assets/${boiler.id}`);
      await page.getByRole('tab', { name: 'Compliance' }).click();
      const card = page.getByTestId('asset-obligation').filter({ hasText: gas.name });

      // Record it with its evidence: the certificate and a photo of the flue.
      await card.getByRole('button', { name: `Record inspection: ${gas.name}` }).click();
      const record = page.getByRole('dialog', { name: 'Record inspection' });
      await expect(record.getByLabel('Evidence')).toHaveAttribute('accept', 'image/*,application/pdf');
      await record.getByLabel('Pass', { exact: true }).check();
      await record.getByLabel('Certificate number').fill('GS-5001');
      await chooseFiles(page, record, [
        { name: 'gas-certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
        { name: 'flue.jpg', mimeType: 'image/jpeg', buffer: await jpeg() },
      ]);
      const chosen = record.getByRole('list', { name: 'Chosen evidence' }).getByRole('listitem');
      await expect(chosen).toHaveText(['gas-certificate.pdf', 'flue.jpg']);
      await expectNoHorizontalScroll(page);
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record).toBeHidden();
      await expect(page.getByTestId('toast')).toContainText('Evidence uploaded');
      await expect(card).toContainText('GS-5001');

      // The history: the entry with both files.
      await card.getByRole('button', { name: `History: ${gas.name}` }).click();
      const entry = card.getByTestId('inspection-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry).toContainText('Pass');
      await expect(entry.locator('dt', { hasText: 'Recorded by' }).locator('+ dd')).toHaveText('Ada Manager');
      await expect(entry).toContainText('GS-5001');
      const evidence = entry.getByRole('list', { name: 'Evidence' });
      const certificate = evidence.getByRole('link', { name: /gas-certificate\.pdf/ });
      await expect(certificate).toBeVisible();
      const photo = evidence.getByRole('img', { name: 'Photo: flue.jpg' });
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

      // The certificate downloads under its name, the bytes uploaded.
      const download = page.waitForEvent('download');
      await certificate.click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('gas-certificate.pdf');
      expect(fs.readFileSync(await file.path()).equals(minimalPdf())).toBe(true);

      // A letter that came by post, added to the entry afterwards.
      await entry.getByRole('button', { name: /^Add evidence/ }).click();
      const add = page.getByRole('dialog', { name: 'Add evidence' });
      await chooseFiles(page, add, [{ name: 'engineer-letter.pdf', mimeType: 'application/pdf', buffer: minimalPdf({ text: 'Letter' }) }]);
      await add.getByRole('button', { name: 'Upload' }).click();
      await expect(add).toBeHidden();
      await expect(evidence.getByRole('listitem')).toHaveCount(3);
      await expect(evidence.getByRole('link', { name: /engineer-letter\.pdf/ })).toBeVisible();
      await expectNoHorizontalScroll(page);

      // They are the asset's media too.
      await page.getByRole('tab', { name: /^Media/ }).click();
      await expect(page.getByTestId('media-tile')).toHaveCount(3);
      await expect(page.getByRole('img', { name: 'PDF: gas-certificate.pdf' })).toBeVisible();
    });
  });
}

test('an upload that fails leaves the inspection recorded and says which file to add from the History', async ({ page }) => {
  await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
  const eicr = (await regimesByKey(page)).eicr!;
  const site = await createLocation(page);
  const board = await createAsset(page, { locationId: site.id, type: 'other' });
  await createObligation(page, { regimeId: eicr.id, assetId: board.id });
  // The server refuses to record the file (as it would a damaged PDF).
  await page.route('**/api/media', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 400, json: { message: 'This PDF could not be read' } }) : route.continue(),
  );
  await page.goto(`/assets/${board.id}`);
  await page.getByRole('tab', { name: 'Compliance' }).click();
  const card = page.getByTestId('asset-obligation').filter({ hasText: eicr.name });
  await card.getByRole('button', { name: `Record inspection: ${eicr.name}` }).click();
  const record = page.getByRole('dialog', { name: 'Record inspection' });
  await chooseFiles(page, record, [{ name: 'eicr.pdf', mimeType: 'application/pdf', buffer: minimalPdf() }]);
  await record.getByRole('button', { name: 'Save inspection' }).click();
  await expect(record).toBeHidden();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Inspection recorded, but some evidence was not uploaded');
  await expect(toast).toContainText('eicr.pdf (This PDF could not be read)');
  await expect(toast).toContainText('Add them from the inspection’s History');

  await card.getByRole('button', { name: `History: ${eicr.name}` }).click();
  const entry = card.getByTestId('inspection-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('list', { name: 'Evidence' })).toHaveCount(0);
  await expect(entry.getByRole('button', { name: /^Add evidence/ })).toBeVisible();
});
