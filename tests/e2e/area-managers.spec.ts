import { expect, test, type Browser, type Page } from '@playwright/test';
import { anotherUser, signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';

/**
 * Area managers limited to location subtrees (ADR 024, "Areas"): an org admin chooses the areas on
 * the Users page; the limited area manager then sees only those parts of the register, is told so on
 * every page, and is not offered what only the whole estate allows. The filtering itself is the
 * server's (its API tests); here, the screens.
 */

const userRow = (page: Page, username: string) => page.getByTestId('user-row').filter({ hasText: `@${username}` });
const toastWith = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

/** Two sites with one asset each; every name carries `word`, so one search finds both. */
async function twoSites(page: Page) {
  const word = `kestrel${uniqueToken('')}`;
  const north = await createLocation(page, `North ${word}`);
  const south = await createLocation(page, `South ${word}`);
  const northAsset = await createAsset(page, { locationId: north.id, make: `Boiler ${word}`, description: `North plant room boiler ${word}` });
  const southAsset = await createAsset(page, { locationId: south.id, make: `Chiller ${word}`, description: `South roof chiller ${word}` });
  return { word, north, south, northAsset, southAsset };
}

/** Opens /users as the signed-in admin, narrowed to one user (other tests add users in parallel). */
async function openUsersFor(page: Page, username: string) {
  await page.goto('/users');
  await page.getByLabel('Search users').fill(username);
  const row = userRow(page, username);
  await expect(row).toHaveCount(1);
  return row;
}

/** The admin limits the area manager to `siteName` through the Users page's dialog. */
async function limitThroughUsersPage(page: Page, username: string, fullName: string, siteName: string) {
  const row = await openUsersFor(page, username);
  await expect(row.getByTestId('user-areas')).toHaveText('Whole estate');
  await row.getByRole('button', { name: `Areas of ${username}` }).click();

  const dialog = page.getByRole('dialog', { name: `Areas of ${fullName}` });
  await expect(dialog.getByTestId('areas-whole-estate')).toBeVisible();
  await dialog.getByLabel('Search locations').fill(siteName);
  await dialog.getByRole('button', { name: `Add ${siteName}` }).click();
  // Chosen, so no longer offered.
  await expect(dialog.getByRole('button', { name: `Remove ${siteName}` })).toBeVisible();
  await expect(dialog.getByRole('button', { name: `Add ${siteName}` })).toHaveCount(0);
  await expect(dialog.getByTestId('areas-whole-estate')).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await dialog.getByRole('button', { name: 'Save areas' }).click();

  await expect(toastWith(page, 'Areas saved')).toContainText(`${fullName} now works in ${siteName} only.`);
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('user-areas')).toHaveText(siteName);
}

/** What the limited area manager sees: only the north site's asset, and why. */
async function expectOnlyNorth(page: Page, data: Awaited<ReturnType<typeof twoSites>>) {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('area-scope-notice')).toHaveText(`Showing ${data.north.name} only`);
  await expect(page.getByText(`Overview of ${data.north.name}`)).toBeVisible();

  await page.goto('/assets');
  await page.getByRole('searchbox', { name: 'Search assets' }).fill(data.word);
  await expect(page).toHaveURL(new RegExp(`search=${data.word}`));
  const cards = page.getByTestId('asset-card');
  await expect(cards.filter({ hasText: data.northAsset.assetId })).toHaveCount(1);
  await expect(cards).toHaveCount(1);
  await expect(page.getByTestId('area-scope-notice')).toBeVisible();

  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search' }).fill(data.word);
  await expect(page.getByRole('tab', { name: 'Assets (1)' })).toBeVisible();
  await expect(page.getByTestId('asset-result')).toHaveCount(1);
  await expect(page.getByTestId('asset-result')).toContainText(data.northAsset.assetId);

  // The other site's asset is not theirs to see, even by its address.
  await page.goto(`/assets/${data.southAsset.id}`);
  await expect(page.getByText('Asset not found')).toBeVisible();
  await expect(page.getByText(data.southAsset.assetId)).toHaveCount(0);
  // Their own area's asset still opens.
  await page.goto(`/assets/${data.northAsset.id}`);
  await expect(page.getByRole('heading', { name: data.northAsset.assetId, level: 1 })).toBeVisible();
}

async function limitAndCheck(page: Page, browser: Browser) {
  test.slow();
  await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
  const data = await twoSites(page);
  const manager = await anotherUser(browser, { role: 'area_manager', fullName: 'Ada Area' });

  await limitThroughUsersPage(page, manager.user.username, manager.user.fullName, data.north.name);
  await expectOnlyNorth(manager.page, data);
  await expectNoHorizontalScroll(manager.page);
  await manager.page.context().close();
}

test.describe('area managers limited to areas', () => {
  test('an org admin limits an area manager to one site; they then see, search and open only that site', async ({ page, browser }) => {
    await limitAndCheck(page, browser);
  });

  test('only area managers are offered areas; removing every area gives the whole estate back', async ({ page, browser }) => {
    // Two people's browsers and many screens: more than the usual time on a loaded machine.
    test.slow();
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    const site = await createLocation(page, `Depot ${uniqueToken('')}`);
    const surveyor = await anotherUser(browser, { role: 'surveyor' });
    await surveyor.page.context().close();
    const surveyorRow = await openUsersFor(page, surveyor.user.username);
    await expect(surveyorRow.getByRole('button', { name: `Areas of ${surveyor.user.username}` })).toHaveCount(0);
    await expect(surveyorRow.getByTestId('user-areas')).toHaveCount(0);

    const manager = await anotherUser(browser, { role: 'area_manager', fullName: 'Wes Wholeestate' });
    await limitThroughUsersPage(page, manager.user.username, manager.user.fullName, site.name);
    await manager.page.goto('/');
    await expect(manager.page.getByTestId('area-scope-notice')).toHaveText(`Showing ${site.name} only`);

    const row = userRow(page, manager.user.username);
    await row.getByRole('button', { name: `Areas of ${manager.user.username}` }).click();
    const dialog = page.getByRole('dialog', { name: `Areas of ${manager.user.fullName}` });
    await dialog.getByRole('button', { name: `Remove ${site.name}` }).click();
    await expect(dialog.getByTestId('areas-whole-estate')).toBeVisible();
    await dialog.getByRole('button', { name: 'Save areas' }).click();
    await expect(toastWith(page, 'Areas saved')).toContainText('now works across the whole estate.');
    await expect(row.getByTestId('user-areas')).toHaveText('Whole estate');

    await manager.page.reload();
    await expect(manager.page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(manager.page.getByTestId('area-scope-notice')).toHaveCount(0);
    await manager.page.context().close();
  });

  test('a limited area manager must give a new location a parent, an action an asset, and exports "all my areas"', async ({ page, browser }) => {
    // Two people's browsers and many screens: more than the usual time on a loaded machine.
    test.slow();
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    const site = await createLocation(page, `Yard ${uniqueToken('')}`);
    await createAsset(page, { locationId: site.id });
    // Outside their area: an export of "all my areas" leaves it out.
    await createAsset(page, { locationId: (await createLocation(page)).id });
    const manager = await anotherUser(browser, { role: 'area_manager', fullName: 'Lia Limited' });
    const patch = await page.context().request.patch(`/api/users/${await userIdOf(page, manager.user.username)}`, { data: { areaLocationIds: [site.id] } });
    expect(patch.status(), await patch.text()).toBe(200);
    const their = manager.page;

    await their.goto('/locations');
    // Their Locations page lists their site only, so the dialog suggests the level below it.
    await expect(their.getByRole('list', { name: 'Site names' })).toHaveText(site.name);
    await their.getByRole('button', { name: 'Add Location' }).click();
    const dialog = their.getByRole('dialog', { name: 'Add Location' });
    const type = dialog.getByLabel('Type', { exact: true });
    await expect(type.locator('option[value="organisation"]')).toBeDisabled();
    await expect(type).toHaveValue('building');
    await expect(type).toHaveAccessibleDescription(`Your access is limited to ${site.name}: a new location goes inside your areas, under a parent you choose.`);
    const shed = `Shed ${uniqueToken('')}`;
    await dialog.getByLabel('Name', { exact: true }).fill(shed);
    await dialog.getByRole('button', { name: 'Create Location' }).click();
    await expect(dialog.getByText(`Choose a parent: your access is limited to ${site.name}.`)).toBeVisible();
    // With their site as the parent, it is created.
    await expect(async () => {
      if (!(await their.getByLabel('Search locations').isVisible())) await dialog.getByLabel('Parent').click();
      await their.getByLabel('Search locations').fill(site.name);
      await their.getByRole('option', { name: new RegExp(site.name) }).click({ timeout: 3_000 });
      await expect(dialog.getByLabel('Parent')).toContainText(site.name, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByRole('button', { name: 'Create Location' }).click();
    await expect(toastWith(their, 'Location created')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await their.goto('/actions');
    // The page header's button (an empty list offers a second one).
    await their.getByRole('button', { name: 'Create Action' }).first().click();
    const action = their.getByRole('dialog', { name: 'Create Action' });
    await expect(action.getByText('Asset (optional)')).toHaveCount(0);
    await action.getByLabel('Title', { exact: true }).fill(`Sweep ${uniqueToken('')}`);
    await action.getByRole('button', { name: 'Create Action' }).click();
    await expect(action.getByText(`Choose an asset: your access is limited to ${site.name}.`)).toBeVisible();
    await their.keyboard.press('Escape');

    await their.goto('/reports');
    await expect(their.getByLabel('Location', { exact: true }).locator('option').first()).toHaveText('All my areas');
    await expect(their.getByLabel('Location', { exact: true })).toHaveValue('all');
    const newTab = their.context().waitForEvent('page');
    await their.getByRole('button', { name: 'Export as CSV' }).click();
    await expect(toastWith(their, 'Export successful')).toBeVisible();
    await (await newTab).close();
    // The one asset in their area, not the estate's.
    await expect(their.getByRole('list', { name: 'Recent exports' })).toContainText('All my areas · CSV · 1 rows');
    await manager.page.context().close();

    // The admin, not limited, keeps the top level and the whole estate.
    await page.goto('/reports');
    await expect(page.getByLabel('Location', { exact: true }).locator('option').first()).toHaveText('All Locations');
    await expect(page.getByTestId('area-scope-notice')).toHaveCount(0);
  });
});

test.describe('area managers on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the areas dialog and the limited view fit the screen', async ({ page, browser }) => {
    await limitAndCheck(page, browser);
  });
});

/** A user's id, as the Users list gives it to the signed-in admin. */
async function userIdOf(page: Page, username: string): Promise<string> {
  const res = await page.context().request.get(`/api/users?search=${encodeURIComponent(username)}`);
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; username: string }[] };
  const found = items.find((u) => u.username === username);
  expect(found, `user ${username} in the list`).toBeDefined();
  return found!.id;
}
