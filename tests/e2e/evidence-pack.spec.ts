import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createObligation, createPlace, expectNoHorizontalScroll, regimesByKey, uniqueToken } from './fixtures';
import { minimalPdf } from '../factories/pdf';

/**
 * The evidence pack (ADR 025): on a site's Compliance tab, an inspection of the site's fire alarm is
 * recorded with its PDF certificate; the card then counts it, and "Download evidence pack" saves a
 * zip named after the site and the day.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

async function chooseFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog', { name: 'Record inspection' }).getByRole('button', { name: 'Add photos or PDFs' }).click();
  await (await chooser).setFiles(files);
}

for (const size of SIZES) {
  test.describe(`the evidence pack on ${size.name}`, () => {
    test.use(size.use);

    test('records a certificate on the site, then downloads the pack as a zip named after the site', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const regimes = await regimesByKey(page);
      const token = uniqueToken();
      const site = await createPlace(page, { name: `Pack Site ${token}`, type: 'site' });
      const building = await createPlace(page, { name: `Pack Block ${token}`, type: 'building', parentId: site.id });
      await createObligation(page, { regimeId: regimes.fire_alarm_service!.id, locationId: site.id });
      // Below the site and never inspected: counted among those without evidence.
      await createObligation(page, { regimeId: regimes.eicr!.id, locationId: building.id });

      await page.goto(`/locations/${site.id}?tab=compliance`);
      const pack = page.getByTestId('evidence-pack');
      await expect(pack.getByTestId('evidence-pack-contents')).toHaveText('No files yet for 2 duties · 2 without evidence, listed in the index');

      const card = page.getByTestId('asset-obligation').filter({ hasText: regimes.fire_alarm_service!.name });
      await card.getByRole('button', { name: `Record inspection: ${regimes.fire_alarm_service!.name}` }).click();
      const record = page.getByRole('dialog', { name: 'Record inspection' });
      await record.getByLabel('Pass', { exact: true }).check();
      await record.getByLabel('Certificate number').fill('FA-7001');
      await chooseFiles(page, [{ name: 'fire-alarm-certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf({ text: 'FA-7001' }) }]);
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record).toBeHidden();
      await expect(page.getByTestId('toast')).toContainText('Evidence uploaded');

      // The card counts the certificate now.
      await expect(pack.getByTestId('evidence-pack-contents')).toHaveText(/^1 file \(\d+ KB\) for 2 duties · 1 without evidence/);
      await expectNoHorizontalScroll(page);

      const link = pack.getByRole('link', { name: 'Download evidence pack' });
      await link.scrollIntoViewIfNeeded();
      const download = page.waitForEvent('download');
      await link.click();
      const file = await download;
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
      expect(file.suggestedFilename()).toBe(`evidence-pack-pack-site-${token.toLowerCase()}-${today}.zip`);
      const bytes = fs.readFileSync((await file.path())!);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      expect(bytes.includes(Buffer.from(`${regimes.fire_alarm_service!.name}/Pack Site ${token} - `))).toBe(true);
    });
  });
}

test('a role without report exports sees no evidence pack', async ({ page }) => {
  // The default matrix lets every role export; an area manager outside their areas is refused by the server (API tests).
  await signUpViaApi(page, uniqueUser({ role: 'surveyor' }));
  const site = await createPlace(page, { name: uniqueToken('Plain Site '), type: 'site' });
  await page.route('**/api/user', async (route) => {
    const res = await route.fetch();
    const user = await res.json();
    await route.fulfill({ response: res, json: { ...user, permissions: { ...user.permissions, 'report.export': 'none' } } });
  });
  await page.goto(`/locations/${site.id}?tab=compliance`);
  await expect(page.getByRole('heading', { name: 'Work list' })).toBeVisible();
  await expect(page.getByTestId('evidence-pack')).toHaveCount(0);
});
