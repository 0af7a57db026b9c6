import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createObligation, createPlace, daysAgo, expectNoHorizontalScroll, recordInspection, regimesByKey, uniqueToken } from './fixtures';

/**
 * The /compliance screen (ADR 025): status cards, the locations × regimes matrix with its drill-down
 * and breadcrumb, the work list and its filters. Other tests share the database, so the checks of
 * figures are made inside regions this test creates.
 */

const SIZES = [
  { name: 'a wide screen', phone: false, use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', phone: true, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

/**
 * Two regions: North has a site (Mill) with two buildings and one obligation of each status the
 * cards show; South has a site with an overdue obligation that North's figures must not count.
 * Region names start with "Abbey" so they sort among the first top-level locations the estate's
 * matrix lists (it shows at most 500).
 */
async function seedEstate(page: Page) {
  const token = uniqueToken('');
  const me = (await (await page.context().request.get('/api/user')).json()) as { id: string; fullName: string };
  const regimes = await regimesByKey(page);
  const gas = regimes.gas_safety!;
  const eicr = regimes.eicr!;
  const fra = regimes.fire_risk_assessment!;

  const north = await createPlace(page, { name: `Abbey North ${token}`, type: 'region' });
  const mill = await createPlace(page, { name: `Mill ${token}`, type: 'site', parentId: north.id });
  const weavingShed = await createPlace(page, { name: `Weaving shed ${token}`, type: 'building', parentId: mill.id });
  const boilerHouse = await createPlace(page, { name: `Boiler house ${token}`, type: 'building', parentId: mill.id });
  const south = await createPlace(page, { name: `Abbey South ${token}`, type: 'region' });
  const dock = await createPlace(page, { name: `Dock ${token}`, type: 'site', parentId: south.id });

  const boiler = await createAsset(page, { locationId: boilerHouse.id, type: 'hvac', make: `Boiler ${token}` });
  const heater = await createAsset(page, { locationId: weavingShed.id, type: 'hvac', make: `Heater ${token}` });
  const dockBoiler = await createAsset(page, { locationId: dock.id, type: 'hvac', make: `Dock boiler ${token}` });

  // Overdue: last done more than a year ago; the signed-in user answers for it.
  const overdue = await createObligation(page, { regimeId: gas.id, assetId: boiler.id, responsibleUserId: me.id });
  await recordInspection(page, { obligationId: overdue.id, performedOn: daysAgo(400), result: 'pass' });
  // Failed: the last inspection failed.
  const failed = await createObligation(page, { regimeId: gas.id, assetId: heater.id });
  await recordInspection(page, { obligationId: failed.id, performedOn: daysAgo(1), result: 'fail' });
  // Due soon: a year runs out within the regime's 30 days.
  const dueSoon = await createObligation(page, { regimeId: gas.id, locationId: weavingShed.id });
  await recordInspection(page, { obligationId: dueSoon.id, performedOn: daysAgo(350), result: 'pass' });
  // Compliant twice: five-yearly EICRs done lately.
  for (const building of [weavingShed, boilerHouse]) {
    const done = await createObligation(page, { regimeId: eicr.id, locationId: building.id });
    await recordInspection(page, { obligationId: done.id, performedOn: daysAgo(10), result: 'pass' });
  }
  // Unknown: the site's own fire risk assessment, never evidenced.
  await createObligation(page, { regimeId: fra.id, locationId: mill.id });
  // South's overdue obligation, outside North.
  const southern = await createObligation(page, { regimeId: gas.id, assetId: dockBoiler.id, responsibleUserId: me.id });
  await recordInspection(page, { obligationId: southern.id, performedOn: daysAgo(500), result: 'pass' });

  return { me, gas, eicr, fra, north, mill, weavingShed, boilerHouse, south, boiler };
}

const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}\\b`) });
const cardValue = (page: Page, name: string) => card(page, name).getByTestId('status-card-value');
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Location' });
const matrix = (page: Page) => page.getByRole('table', { name: 'Obligations by location and regime' });
const matrixRow = (page: Page, name: string) => matrix(page).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const workItems = (page: Page) => page.getByRole('list', { name: 'Obligations' }).getByTestId('obligation-item');

async function expectCards(page: Page, expected: Record<string, number>) {
  for (const [name, count] of Object.entries(expected)) await expect(cardValue(page, name)).toHaveText(String(count));
}

for (const size of SIZES) {
  test.describe(`compliance on ${size.name}`, () => {
    test.use(size.use);

    test('drills from the estate into a region and a site, filters the work list by a card, by category and to my duties', async ({ page }) => {
      test.slow();
      await signUpViaApi(page, uniqueUser({ role: 'org_admin', fullName: 'Cora Compliance' }));
      const data = await seedEstate(page);

      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      if (size.phone) {
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        await page.getByRole('dialog', { name: 'Main navigation' }).getByRole('link', { name: 'Compliance' }).click();
      } else {
        await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Compliance' }).click();
      }
      await expect(page).toHaveURL(/\/compliance$/);
      await expect(page.getByRole('heading', { name: 'Compliance', level: 1 })).toBeVisible();
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText('Whole estate');

      // The estate's rows are its top-level locations, each counting its whole subtree.
      await expect(matrixRow(page, data.south.name).getByRole('cell', { name: `${data.gas.name}: 1 overdue` })).toBeVisible();
      await matrix(page).getByRole('button', { name: data.north.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`location=${data.north.id}`));
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(data.north.name);
      await expect(breadcrumb(page).getByRole('button', { name: 'Whole estate' })).toBeVisible();
      await expectCards(page, { Overdue: 1, 'Due soon': 1, Unknown: 1, Failed: 1, Compliant: 2 });

      // North's one child, the site, rolls up the buildings' and its own obligations.
      const millRow = matrixRow(page, data.mill.name);
      await expect(millRow.getByRole('cell', { name: `${data.gas.name}: 1 failed, 1 overdue, 1 due soon` })).toBeVisible();
      await expect(millRow.getByRole('cell', { name: `${data.eicr.name}: 2 compliant` })).toBeVisible();
      await expect(millRow.getByRole('cell', { name: `${data.fra.name}: 1 unknown` })).toBeVisible();
      await expect(millRow.getByTestId('matrix-cell')).toHaveCount(3);
      // The row's worst status, in words.
      await expect(millRow.getByRole('cell').first()).toHaveText('Failed');
      await expect(workItems(page)).toHaveCount(6);

      // The Overdue card narrows the work list to North's one overdue obligation (South's is elsewhere).
      await card(page, 'Overdue').click();
      await expect(card(page, 'Overdue')).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(/status=overdue/);
      await expect(workItems(page)).toHaveCount(1);
      const overdueItem = workItems(page).first();
      await expect(overdueItem).toContainText(data.gas.name);
      await expect(overdueItem.getByRole('link', { name: data.boiler.assetId })).toHaveAttribute('href', `/assets/${data.boiler.id}`);
      await expect(overdueItem.getByTestId('days-overdue')).toHaveText(/^\d+ days overdue$/);
      await expect(overdueItem).toContainText('Overdue');
      await expect(overdueItem).toContainText(data.me.fullName);
      await expect(overdueItem.getByTestId('obligation-due')).toHaveText(/^Due \d{1,2} [A-Z][a-z]{2} \d{4}$/);
      await card(page, 'Overdue').click();
      await expect(card(page, 'Overdue')).toHaveAttribute('aria-pressed', 'false');
      await expect(workItems(page)).toHaveCount(6);

      // Into the site: its buildings, and its own obligations as a row of their own.
      await millRow.getByRole('button', { name: data.mill.name }).click();
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(data.mill.name);
      await expect(breadcrumb(page).getByRole('button', { name: data.north.name })).toBeVisible();
      await expect(breadcrumb(page)).toHaveText(new RegExp(`Whole estate.*${data.north.name}.*${data.mill.name}`));
      await expect(matrixRow(page, `${data.mill.name} (its own)`).getByRole('cell', { name: `${data.fra.name}: 1 unknown` })).toBeVisible();
      await expect(matrixRow(page, `${data.mill.name} (its own)`).getByRole('button')).toHaveCount(0);
      await expect(matrixRow(page, data.boilerHouse.name).getByRole('cell', { name: `${data.gas.name}: 1 overdue` })).toBeVisible();
      await expect(matrixRow(page, data.boilerHouse.name).getByRole('cell', { name: `${data.fra.name}: none` })).toContainText('—');
      await expect(matrixRow(page, data.weavingShed.name).getByRole('cell', { name: `${data.gas.name}: 1 failed, 1 due soon` })).toBeVisible();
      await expectNoHorizontalScroll(page);
      if (size.phone) {
        // The matrix is wider than the phone: it scrolls inside its own frame.
        const frame = page.getByTestId('compliance-matrix');
        expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      }

      // A category narrows the cards, the matrix's columns, the regimes offered and the work list.
      await page.getByLabel('Filter by category').selectOption({ label: 'Electrical' });
      await expect(page).toHaveURL(/category=electrical/);
      await expectCards(page, { Overdue: 0, 'Due soon': 0, Unknown: 0, Failed: 0, Compliant: 2 });
      await expect(matrix(page).getByRole('columnheader')).toHaveText(['Location', 'Worst', data.eicr.name]);
      await expect(page.getByLabel('Filter by regime').getByRole('option', { name: data.eicr.name })).toHaveCount(1);
      await expect(page.getByLabel('Filter by regime').getByRole('option', { name: data.gas.name })).toHaveCount(0);
      await expect(workItems(page)).toHaveCount(2);
      await page.getByLabel('Filter by category').selectOption('all');
      await expect(workItems(page)).toHaveCount(6);

      // Only mine: the work list keeps the duties the signed-in user answers for.
      await page.getByRole('button', { name: 'Only mine' }).click();
      await expect(page.getByRole('button', { name: 'Only mine' })).toHaveAttribute('aria-pressed', 'true');
      await expect(workItems(page)).toHaveCount(1);
      await expect(workItems(page).first()).toContainText(data.boiler.assetId);
      await page.getByRole('button', { name: 'Only mine' }).click();
      await expect(workItems(page)).toHaveCount(6);

      // A crumb goes back up; Back returns to the site.
      await breadcrumb(page).getByRole('button', { name: data.north.name }).click();
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(data.north.name);
      await expect(matrixRow(page, data.mill.name)).toBeVisible();
      await page.goBack();
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(data.mill.name);
      await expectCards(page, { Overdue: 1, Compliant: 2 });
      await expectNoHorizontalScroll(page);
    });

    test("the dashboard's compliance card counts what needs doing and opens the work list filtered to it", async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      await seedEstate(page);
      await page.goto('/');
      const overview = page.getByTestId('compliance-overview');
      // Other tests share the estate: this one's seed holds at least two overdue and one failed.
      await expect(overview.getByTestId('compliance-overview-overdue')).toHaveText(/Overdue\s*([2-9]|\d{2,})/);
      await expect(overview.getByTestId('compliance-overview-failed')).toHaveText(/Failed\s*[1-9]/);
      await overview.getByTestId('compliance-overview-overdue').click();
      await expect(page).toHaveURL(/\/compliance\?status=overdue$/);
      await expect(card(page, 'Overdue')).toHaveAttribute('aria-pressed', 'true');
      await expectNoHorizontalScroll(page);
    });

    test('a shared link opens the same view, and a scope without obligations says so', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const data = await seedEstate(page);
      await page.goto(`/compliance?location=${data.mill.id}&status=failed`);
      await expect(breadcrumb(page).locator('[aria-current="page"]')).toHaveText(data.mill.name);
      await expect(card(page, 'Failed')).toHaveAttribute('aria-pressed', 'true');
      await expect(workItems(page)).toHaveCount(1);
      await expect(workItems(page).first()).toContainText('Failed');

      const empty = await createPlace(page, { name: `Empty ${uniqueToken('')}`, type: 'site', parentId: data.south.id });
      await page.goto(`/compliance?location=${empty.id}`);
      await expect(page.getByText('No obligations here')).toBeVisible();
      await expectCards(page, { Overdue: 0, 'Due soon': 0, Unknown: 0, Failed: 0, Compliant: 0 });
      await expect(page.getByText('No obligations match these filters.')).toBeVisible();
      await expectNoHorizontalScroll(page);
    });
  });
}

test('the dashboard lists what is due for the signed-in user, each opening its asset or location', async ({ page }) => {
  test.slow();
  await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
  await page.goto('/');
  // Responsible for nothing yet: no card.
  await expect(page.getByTestId('compliance-overview')).toBeVisible();
  await expect(page.getByTestId('my-duties')).toHaveCount(0);

  const data = await seedEstate(page);
  await page.goto('/');
  const card = page.getByTestId('my-duties');
  // Both overdue gas checks the user answers for (North's boiler and South's dock boiler); nothing else is theirs.
  await expect(card.getByTestId('my-duty')).toHaveCount(2);
  await expect(card.getByTestId('my-duty').first()).toContainText(data.gas.name);
  await card.getByTestId('my-duty').filter({ hasText: data.north.name }).click();
  await expect(page).toHaveURL(new RegExp(`/assets/${data.boiler.id}$`));
});
