import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { startImportStep, uniqueToken } from './fixtures';

/** Spreadsheet import (issue 26, ADR 029): upload, map, dry run, error workbook, fix, import. */

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Register');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function uploadFile(page: Page, name: string, buffer: Buffer) {
  await page.getByLabel(/Spreadsheet \(\.xlsx or \.csv/).setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
}

test.describe('import', () => {
  // The server runs one import at a time, whoever starts it (a second dry run meanwhile is refused
  // as busy): this file's tests take turns rather than run side by side on the two workers.
  test.describe.configure({ mode: 'default' });

  test('imports a spreadsheet through every step: errors shown, the error workbook fixed and imported', async ({ page }) => {
    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    const region = uniqueToken('Region ');
    const code = uniqueToken('A');
    const file = await workbook([
      ['Asset No', 'Type', 'Condition Grade', 'Install Date', 'Location', 'Colour'],
      [`${code}-1`, 'HVAC', 'G', '03/04/2025', `${region} / Leeds / Block A / Floor 1 / Room 101`, 'Red'],
      [`${code}-2`, 'PC', 'Good', '03/04/25', `${region} / Leeds / Block A / Floor 2 / Room 101`, 'Blue'],
      [`${code}-3`, 'Roof', 'Sparkly', '2024-01-31', `${region} / Leeds`, null],
      [`${code}-1`, 'HVAC', 'Fair', '01/01/2020', `${region} / Leeds`, null],
    ]);

    await page.goto('/');
    await page.getByRole('link', { name: 'Import' }).first().click();
    await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await uploadFile(page, 'register.xlsx', file);

    // The mapping is suggested from the headers; the unmatched column becomes a custom field.
    await expect(page.getByLabel('Import Asset No into')).toHaveValue('clientAssetId');
    await expect(page.getByLabel('Import Condition Grade into')).toHaveValue('condition');
    await expect(page.getByLabel('Import Colour into')).toHaveValue('');
    await page.getByLabel('Import Colour into').selectOption({ label: 'Custom field “Colour”' });
    await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));

    await expect(page.getByTestId('count-error')).toHaveText('3', { timeout: 30_000 });
    await expect(page.getByTestId('count-create')).toHaveText('1');
    await expect(page.getByText('Row 3, Install Date: "03/04/25" is ambiguous')).toBeVisible();
    await expect(page.getByText(/Row 4, Condition Grade: "Sparkly" is not one of/)).toBeVisible();
    await expect(page.getByText(`Row 5: Row 2 has the same asset number (${code}-1)`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Import \d+ changes/ })).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the error workbook' }).click();
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.load(fs.readFileSync(await (await download).path()) as unknown as ArrayBuffer);
    const sheet = errors.worksheets[0]!;
    expect(sheet.getCell('G1').value).toBe('errors');
    expect(String(sheet.getCell('G3').value)).toContain('ambiguous');
    expect(sheet.getCell('G2').value).toBeNull();

    // Fixed in the workbook itself, and uploaded again.
    sheet.getCell('D3').value = '03/04/2025';
    sheet.getCell('C4').value = 'Poor';
    sheet.getCell('A5').value = `${code}-4`;
    await uploadFile(page, 'register-errors.xlsx', Buffer.from(await errors.xlsx.writeBuffer()));
    await expect(page.getByLabel('Import errors into')).toHaveValue('');
    await page.getByLabel('Import Colour into').selectOption({ label: 'Custom field “Colour”' });
    await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));
    await expect(page.getByTestId('count-create')).toHaveText('4', { timeout: 30_000 });
    await expect(page.getByTestId('count-error')).toHaveText('0');

    // Two Room 101s on two floors: the tree shows both, to approve.
    const tree = page.getByRole('list', { name: 'New locations' });
    await expect(tree.getByText('Room 101')).toHaveCount(2);
    const importButton = page.getByRole('button', { name: 'Import 4 changes' });
    await expect(importButton).toBeDisabled();
    await page.getByLabel('Create these locations').check();
    await startImportStep(page, importButton);
    await expect(page.getByText('Imported. Each change is in the assets’ history as imported.')).toBeVisible({ timeout: 60_000 });

    // The assets are in the register, found by their asset numbers.
    for (const n of [1, 2, 3, 4]) {
      const res = await page.context().request.get(`/api/scan?code=${encodeURIComponent(`${code}-${n}`)}`);
      expect((await res.json()).kind).toBe('asset');
    }
  });

  test('a word of the file’s own is given a meaning, and the mapping saved is used for the next file', async ({ page }) => {
    // Two uploads, three dry runs and a commit: near 30 s on a loaded two-core machine.
    test.slow();
    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    const region = uniqueToken('Region ');
    const code = uniqueToken('S');
    const rows = (n: number) => [
      ['Council code', 'Kind', 'State', 'Where'],
      [`${code}-${n}`, 'HVAC', 'Sparkling', `${region} / Hull`],
    ];
    await page.goto('/import');
    await uploadFile(page, 'council.xlsx', await workbook(rows(1)));
    // Headers nothing suggests: mapped by hand.
    await page.getByLabel('Import Council code into').selectOption('clientAssetId');
    await page.getByLabel('Import Kind into').selectOption('type');
    await page.getByLabel('Import State into').selectOption('condition');
    await page.getByLabel('Import Where into').selectOption('locationPath');
    await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));
    await expect(page.getByText(/Row 2, State: "Sparkling" is not one of/)).toBeVisible({ timeout: 30_000 });

    // The defaults are shown; the file's own word is added.
    await page.getByText('Values read from the file').click();
    const condition = page.getByRole('region', { name: 'Condition values' });
    await expect(condition.getByText(/^Good ←/)).toBeVisible();
    await condition.getByLabel('Condition text in the file').fill('Sparkling');
    await condition.getByLabel('Condition it means').selectOption({ label: 'Excellent' });
    await condition.getByRole('button', { name: 'Add condition value' }).click();
    await expect(condition.getByText('“Sparkling” → Excellent')).toBeVisible();
    await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));
    await expect(page.getByTestId('count-create')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByTestId('count-error')).toHaveText('0');

    const name = `Council ${uniqueToken('')}`;
    await page.getByLabel('Save this mapping as').fill(name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Saved as “${name}”.`)).toBeVisible();

    // Next month's file: the saved mapping brings the columns and the word back.
    await uploadFile(page, 'council-next.xlsx', await workbook(rows(2)));
    await expect(page.getByLabel('Import Council code into')).toHaveValue('');
    await page.getByLabel('Saved mappings').selectOption(name);
    await page.getByRole('button', { name: 'Use', exact: true }).click();
    await expect(page.getByLabel('Import Council code into')).toHaveValue('clientAssetId');
    await expect(page.getByLabel('Import State into')).toHaveValue('condition');
    await expect(page.getByText('“Sparkling” → Excellent')).toBeVisible();
    await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));
    await expect(page.getByTestId('count-create')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByTestId('count-error')).toHaveText('0');
    await page.getByLabel('Create these locations').check();
    await startImportStep(page, page.getByRole('button', { name: 'Import 1 change', exact: true }));
    await expect(page.getByText('Imported. Each change is in the assets’ history as imported.')).toBeVisible({ timeout: 60_000 });
    const res = await page.context().request.get(`/api/scan?code=${encodeURIComponent(`${code}-2`)}`);
    const found = await res.json();
    const asset = await (await page.context().request.get(`/api/assets/${found.asset.id}`)).json();
    expect(asset.condition).toBe('excellent');
  });

  test('records each asset’s last inspection from its columns, shown on the asset’s Compliance tab', async ({ page }) => {
    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    const region = uniqueToken('Region ');
    const code = uniqueToken('G');
    // Done a month ago: an annual duty then has eleven months to run.
    const done = new Date(Date.now() - 30 * 86_400_000);
    const doneCell = `${String(done.getUTCDate()).padStart(2, '0')}/${String(done.getUTCMonth() + 1).padStart(2, '0')}/${done.getUTCFullYear()}`;
    const doneShown = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(done);
    await page.goto('/import');
    await uploadFile(
      page,
      'boilers.xlsx',
      await workbook([
        ['Asset No', 'Type', 'Condition', 'Location', 'Gas Safety Date', 'Gas cert'],
        [`${code}-1`, 'HVAC', 'Good', `${region} / Leeds`, doneCell, 'GS-4471'],
      ]),
    );
    // The date column is suggested from the regime's name; the certificate column is chosen by hand.
    await expect(page.getByLabel('Import Gas Safety Date into')).toHaveValue('inspection:gas_safety:date');
    await page.getByLabel('Import Gas cert into').selectOption({ label: 'Gas safety inspection and service: certificate number' });
    await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));
    await expect(page.getByTestId('count-create')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByTestId('count-inspections')).toHaveText('1');
    await page.getByLabel('Create these locations').check();
    await startImportStep(page, page.getByRole('button', { name: 'Import 2 changes', exact: true }));
    await expect(page.getByText('Imported. Each change is in the assets’ history as imported.')).toBeVisible({ timeout: 60_000 });

    const found = await (await page.context().request.get(`/api/scan?code=${encodeURIComponent(`${code}-1`)}`)).json();
    await page.goto(`/assets/${found.asset.id}?tab=compliance`);
    const duty = page.getByTestId('asset-obligation').filter({ hasText: 'Gas safety inspection and service' });
    await expect(duty.getByText(`${doneShown} · Pass`)).toBeVisible();
    await expect(duty.getByText('GS-4471')).toBeVisible();
    await expect(duty).toHaveAttribute('data-status', 'compliant');
  });

  test('is offered to asset managers only, and fits a phone screen', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    await page.goto('/import');
    await uploadFile(page, 'wide.xlsx', await workbook([['Asset No', 'Type', 'Condition', 'Location', 'A very long column header indeed'], ['X-1', 'HVAC', 'Good', 'North / Leeds', 'a long value of text']]));
    await expect(page.getByLabel('Import Asset No into')).toHaveValue('clientAssetId');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const surveyor = await browser.newContext();
    const other = await surveyor.newPage();
    await signUpViaApi(other);
    await other.goto('/');
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Import' })).toHaveCount(0);
    await surveyor.close();
  });
});
