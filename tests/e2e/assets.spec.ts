import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';
import { createAsset, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';

/**
 * The asset list (spec §2 Asset list). Validation covered here: 'Location is required' through the
 * dialog. The type and condition selects always hold a value (defaults other and good, no empty
 * option), so 'Type is required' and 'Condition is required' are covered by the API tests
 * (src/server/modules/assets/assets.test.ts) and the schema's unit test in features/assets.
 */

const isAssetList = (url: URL) => url.pathname === '/api/assets';

async function searchAssets(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search assets' }).fill(text);
  // The URL carries the search once the debounce has passed.
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text)}`));
}

const cards = (page: Page) => page.getByTestId('asset-card');

test.describe('asset list', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('shows the heading and exactly 6 skeleton cards while the assets load', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(isAssetList, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/assets');
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    await expect(page.getByText('Manage your asset registry')).toBeVisible();
    await expect(page.getByTestId('asset-card-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('asset-card-skeleton')).toHaveCount(0);
  });

  test("says 'No assets found' for a search that matches nothing, with an Add Asset button", async ({ page }) => {
    await page.goto('/assets');
    await expect(page.getByPlaceholder('Search assets…')).toBeVisible();
    await searchAssets(page, uniqueToken('nothing-'));
    const empty = page.getByText('No assets found');
    await expect(empty).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    // One Add Asset button in the page header, one in the empty state.
    const addButtons = page.getByRole('button', { name: 'Add Asset' });
    await expect(addButtons).toHaveCount(2);
    await addButtons.nth(1).click();
    await expect(page.getByRole('dialog', { name: 'Add Asset' })).toBeVisible();
  });

  test('adds an asset through the dialog: defaults, location required, toast, and the new card', async ({ page }) => {
    const location = await createLocation(page);
    const serial = uniqueToken('SN-').toUpperCase();
    await page.goto('/assets');
    await page.getByRole('button', { name: 'Add Asset' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Asset' });

    // The spec's defaults: type other, condition good, status draft, every compliance field N/A.
    await expect(dialog.getByLabel('Type', { exact: true })).toHaveValue('other');
    await expect(dialog.getByLabel('Type', { exact: true }).locator('option:checked')).toHaveText('Other');
    await expect(dialog.getByLabel('Condition', { exact: true })).toHaveValue('good');
    await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('draft');
    for (const label of ['Fire', 'Electrical', 'LOLER (lifting equipment)', 'Hygiene']) {
      await expect(dialog.getByLabel(label, { exact: true })).toHaveValue('na');
      await expect(dialog.getByLabel(label, { exact: true }).locator('option:checked')).toHaveText('N/A');
    }

    await dialog.getByRole('button', { name: 'Create Asset' }).click();
    await expect(dialog.getByText('Location is required')).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('textbox', { name: 'Search locations' }).fill(location.name);
    await page.getByRole('option', { name: new RegExp(location.name) }).click();
    await expect(dialog.getByText('Location is required')).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Location' })).toHaveText(location.path);

    await dialog.getByLabel('Type', { exact: true }).selectOption('hvac');
    await dialog.getByLabel('Make', { exact: true }).fill('Daikin');
    await dialog.getByLabel('Model', { exact: true }).fill('FTXM35');
    await dialog.getByLabel('Serial number').fill(serial);
    await dialog.getByLabel('Install date').fill('2024-05-01');
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByLabel('Custom fields name 1').fill('Refrigerant');
    await dialog.getByLabel('Custom fields value 1').fill('R32');
    await dialog.getByRole('button', { name: 'Create Asset' }).click();

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Asset created');
    await expect(toast).toContainText('The asset has been added to the register');
    await expect(dialog).toBeHidden();

    await searchAssets(page, serial);
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card).toContainText(/AST-\d{6}/);
    await expect(card).toContainText('HVAC');
    await expect(card).toContainText('Daikin FTXM35');
    await expect(card.locator('[data-condition="good"]')).toHaveText('Good');
    await expect(card).toContainText(location.path);
    await expect(card).toContainText(serial);
    await expect(card.locator('[data-status="draft"]')).toHaveText('Draft');
  });

  test('search and both filters narrow the list, and the filters survive a reload', async ({ page }) => {
    const location = await createLocation(page);
    const token = uniqueToken('mk');
    const poorHvac = await createAsset(page, { locationId: location.id, make: `${token} A`, type: 'hvac', condition: 'poor' });
    const goodPc = await createAsset(page, { locationId: location.id, make: `${token} B`, type: 'pc', condition: 'good' });
    const goodHvac = await createAsset(page, { locationId: location.id, make: `${token} C`, type: 'hvac', condition: 'good' });

    await page.goto('/assets');
    await searchAssets(page, token);
    await expect(cards(page)).toHaveCount(3);

    const condition = page.getByRole('combobox', { name: 'Filter by condition' });
    const type = page.getByRole('combobox', { name: 'Filter by type' });
    await expect(condition.locator('option')).toHaveText(['All conditions', 'Excellent', 'Good', 'Fair', 'Poor', 'Unsafe']);
    await expect(type.locator('option')).toHaveText(['All types', 'Fire door', 'HVAC', 'PC', 'Monitor', 'Printer', 'Meter', 'Roof', 'Other']);

    await condition.selectOption('poor');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(poorHvac.assetId);

    await condition.selectOption('all');
    await type.selectOption('pc');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(goodPc.assetId);

    await type.selectOption('hvac');
    await condition.selectOption('good');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText(goodHvac.assetId);

    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search assets' })).toHaveValue(token);
    await expect(condition).toHaveValue('good');
    await expect(type).toHaveValue('hvac');
    await expect(cards(page)).toHaveCount(1);

    // A card opens its asset.
    await cards(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/assets/${goodHvac.id}$`));
    await expect(page.getByRole('heading', { name: goodHvac.assetId, level: 1 })).toBeVisible();
  });

  test('loads 50 assets at first and more as the user scrolls', async ({ page }) => {
    const location = await createLocation(page);
    const make = uniqueToken('bulk');
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, i) => createAsset(page, { locationId: location.id, make, serial: `${make}-${batch * 10 + i}` })),
      );
    }

    await page.goto('/assets');
    await searchAssets(page, make);
    await expect(cards(page)).toHaveCount(50);
    await expect(page.getByRole('button', { name: 'Load more' })).toBeAttached();

    await page.getByTestId('load-more').scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(60);
    await expect(page.getByTestId('load-more')).toHaveCount(0);
  });
});

test.describe('asset list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('cards stack in one column, nothing scrolls sideways, and the dialog fills the screen', async ({ page }) => {
    await signUpViaApi(page);
    const location = await createLocation(page);
    const make = uniqueToken('phone');
    await createAsset(page, { locationId: location.id, make, model: 'A very long model name that must wrap or truncate on a phone' });
    await createAsset(page, { locationId: location.id, make });

    await page.goto('/assets');
    await searchAssets(page, make);
    await expect(cards(page)).toHaveCount(2);
    const [first, second] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(first!.x).toBe(second!.x);
    expect(second!.y).toBeGreaterThan(first!.y);
    expect(first!.x + first!.width).toBeLessThanOrEqual(390);
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Add Asset' }).first().click();
    const box = await page.getByRole('dialog', { name: 'Add Asset' }).boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Create Asset' })).toBeInViewport();
  });
});
