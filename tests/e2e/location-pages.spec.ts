import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createMeter, createObligation, createPlace, daysAgo, expectNoHorizontalScroll, recordInspection, regimesByKey, uniqueToken } from './fixtures';

/**
 * Location pages and the location tree (ADR 025): find a place in the tree, open its page, walk down
 * and back up the trail, see its subtree's assets and meters, and look after its compliance there.
 * Other tests share the database, so everything checked lies in a region this test creates, named
 * to sort at the top of the tree.
 */

const SIZES = [
  { name: 'a wide screen', use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

async function seedRegion(page: Page) {
  const token = uniqueToken('');
  const regimes = await regimesByKey(page);
  const region = await createPlace(page, { name: `AAA Tree ${token}`, type: 'region' });
  const site = await createPlace(page, { name: `Wharf ${token}`, type: 'site', parentId: region.id });
  const warehouse = await createPlace(page, { name: `Warehouse ${token}`, type: 'building', parentId: site.id });
  const floor = await createPlace(page, { name: `Ground floor ${token}`, type: 'floor', parentId: warehouse.id });
  const office = await createPlace(page, { name: `Office ${token}`, type: 'building', parentId: site.id });
  const boiler = await createAsset(page, { locationId: floor.id, type: 'hvac', make: `Boiler ${token}` });
  await createAsset(page, { locationId: office.id, type: 'other', make: `Board ${token}` });
  const meter = await createMeter(page, { locationId: floor.id });
  // An overdue gas safety check on the boiler, two floors down from the site.
  const gas = await createObligation(page, { regimeId: regimes.gas_safety!.id, assetId: boiler.id });
  await recordInspection(page, { obligationId: gas.id, performedOn: daysAgo(400), result: 'pass' });
  return { token, regimes, region, site, warehouse, floor, office, meter };
}

const trail = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const treeNode = (page: Page, name: string) => page.locator(`[data-testid="tree-node"][data-location-name="${name}"]`).first();

for (const size of SIZES) {
  test.describe(`location pages on ${size.name}`, () => {
    test.use(size.use);

    test('finds a site in the tree, walks down and back up, and sees its assets, meters and figures', async ({ page }) => {
      test.slow();
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const data = await seedRegion(page);

      await page.goto('/locations');
      // The tree opens in place, each node with its whole subtree's figures.
      const region = treeNode(page, data.region.name);
      await expect(region.getByTestId('node-figures').first()).toContainText('2 assets');
      await region.getByRole('button', { name: `Expand ${data.region.name}` }).click();
      const site = treeNode(page, data.site.name);
      await expect(site.getByTestId('node-figures').first()).toContainText('2 locations');
      await expect(site.getByTestId('node-figures').first()).toContainText('Overdue');

      // The search finds a floor however deep, and opens its page.
      await page.getByRole('searchbox', { name: 'Find a location' }).fill(`Ground floor ${data.token}`);
      await page.getByRole('list', { name: 'Matching locations' }).getByRole('link', { name: data.floor.name }).click();
      await expect(page).toHaveURL(new RegExp(`/locations/${data.floor.id}$`));
      await expect(page.getByRole('heading', { name: data.floor.name, level: 1 })).toBeVisible();
      await expect(trail(page).getByRole('link')).toHaveText(['Locations', data.region.name, data.site.name, data.warehouse.name]);

      // Up the trail to the site: its figures count its whole subtree.
      await trail(page).getByRole('link', { name: data.site.name }).click();
      await expect(page.getByRole('heading', { name: data.site.name, level: 1 })).toBeVisible();
      const figures = page.getByTestId('location-figures');
      await expect(figures).toContainText('Assets2');
      await expect(figures).toContainText('1 overdue');
      const children = page.getByRole('list', { name: `In ${data.site.name}` });
      await expect(children.getByRole('link')).toHaveText([data.office.name, data.warehouse.name]);
      await children.getByRole('button', { name: `Expand ${data.warehouse.name}` }).click();
      await expect(page.getByRole('list', { name: `In ${data.warehouse.name}` }).getByRole('link', { name: data.floor.name })).toBeVisible();

      await page.getByRole('tab', { name: /^Assets/ }).click();
      await expect(page).toHaveURL(/tab=assets/);
      await expect(page.getByText(`Boiler ${data.token}`)).toBeVisible();
      await expect(page.getByText(`Board ${data.token}`)).toBeVisible();

      await page.getByRole('tab', { name: 'Meters' }).click();
      await expect(page.getByRole('button', { name: data.meter.meterNumber, exact: true })).toBeVisible();
      // The meter's location opens that location's page.
      await page.getByTestId('meter-location').click();
      await expect(page.getByRole('heading', { name: data.floor.name, level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    });

    test("sets up a site's own regime and records its inspection on the Compliance tab", async ({ page }) => {
      test.slow();
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const data = await seedRegion(page);
      const fra = data.regimes.fire_risk_assessment!;
      await createObligation(page, { regimeId: data.regimes.eicr!.id, locationId: data.warehouse.id });

      await page.goto(`/locations/${data.site.id}?tab=compliance`);
      await expect(page.getByRole('heading', { name: 'Inspection regimes' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Overdue/ }).getByTestId('status-card-value')).toHaveText('1');
      await expect(page.getByText('No inspection regimes')).toBeVisible();

      // The regimes usual for a site come first.
      await page.getByRole('button', { name: 'Add regime' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add regime' });
      await expect(dialog.locator('optgroup[label="Suggested for Site"] option', { hasText: fra.name })).toHaveCount(1);
      await dialog.getByLabel('Regime').selectOption({ label: fra.name });
      await dialog.getByRole('button', { name: 'Add regime' }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByTestId('asset-obligation').filter({ hasText: fra.name });
      await expect(card).toHaveAttribute('data-status', 'unknown');

      await card.getByRole('button', { name: `Record inspection: ${fra.name}` }).click();
      const record = page.getByRole('dialog', { name: 'Record inspection' });
      await record.getByLabel('Pass', { exact: true }).check();
      await record.getByRole('button', { name: 'Save inspection' }).click();
      await expect(record).toBeHidden();
      await expect(card).toHaveAttribute('data-status', 'compliant');
      await expect(page.getByRole('button', { name: /^Compliant/ }).getByTestId('status-card-value')).toHaveText('1');

      // A matrix row opens that building's page on its Compliance tab.
      await page.getByRole('table', { name: 'Obligations by location and regime' }).getByRole('button', { name: data.warehouse.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/locations/${data.warehouse.id}\\?tab=compliance`));
      await expect(page.getByTestId('asset-obligation').filter({ hasText: data.regimes.eicr!.name })).toHaveAttribute('data-status', 'unknown');
      await expectNoHorizontalScroll(page);
    });
  });
}

test("suggests a new building's usual regimes and adds them all at once", async ({ page }) => {
  await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
  const building = await createPlace(page, { name: `Depot ${uniqueToken('')}`, type: 'building' });
  await page.goto(`/locations/${building.id}?tab=compliance`);
  const suggestions = page.getByRole('region', { name: 'Usual regimes for Building' });
  const usual = suggestions.getByRole('list', { name: 'Suggested regimes' }).getByRole('listitem');
  await expect(usual.first()).toBeVisible();
  const count = await usual.count();
  expect(count).toBeGreaterThan(1);
  await suggestions.getByRole('button', { name: `Add all ${count}` }).click();
  await expect(page.getByTestId('asset-obligation')).toHaveCount(count);
  await expect(suggestions).toBeHidden();
});

test('a location that does not exist says so', async ({ page }) => {
  await signUpViaApi(page, uniqueUser());
  await page.goto('/locations/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Location not found', { exact: true })).toBeVisible();
  await expect(page.getByText('It may have been removed, or it lies outside your areas.')).toBeVisible();
});
