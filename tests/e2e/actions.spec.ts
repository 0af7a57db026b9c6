import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Action, CreateActionInput } from '../../src/shared/contract/actions';
import type { Asset } from '../../src/shared/contract/assets';
import type { Assessment } from '../../src/shared/contract/assessments';
import type { Location } from '../../src/shared/contract/locations';
import { signUpViaApi } from './helpers';

/**
 * Actions page (spec §2). Tests share one server and database, so each one marks its actions with a
 * unique token and narrows the list to it with the search box rather than counting everything.
 */
let counter = 0;
const uniqueToken = () => `tk${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createAction(page: Page, body: CreateActionInput): Promise<Action> {
  const res = await page.request.post('/api/actions', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Action;
}

async function createAsset(page: Page, token: string): Promise<Asset> {
  const location = await page.request.post('/api/locations', { data: { name: `Depot ${token}`, type: 'site' } });
  expect(location.status(), await location.text()).toBe(201);
  const { id: locationId } = (await location.json()) as Location;
  const asset = await page.request.post('/api/assets', { data: { locationId, type: 'hvac', condition: 'fair', make: `Make ${token}` } });
  expect(asset.status(), await asset.text()).toBe(201);
  return (await asset.json()) as Asset;
}

const isActionList = (url: string) => new URL(url).pathname === '/api/actions';

/** Types into the search box and waits for the list the page asks for with that term. */
async function search(page: Page, term: string) {
  const answered = page.waitForResponse((r) => isActionList(r.url()) && new URL(r.url()).searchParams.get('search') === term);
  await page.getByLabel('Search actions').fill(term);
  await answered;
}

const cards = (page: Page): Locator => page.getByTestId('action-card');
const card = (page: Page, title: string): Locator => cards(page).filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openCreate(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create Action' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Action' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Actions page', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('shows the heading and controls, asks without the "all" filters, and says "No actions found" when nothing matches', async ({ page }) => {
    const firstList = page.waitForRequest((r) => isActionList(r.url()));
    await page.goto('/actions');
    const url = new URL((await firstList).url());
    expect(url.searchParams.has('status')).toBe(false);
    expect(url.searchParams.has('priority')).toBe(false);
    expect(url.searchParams.has('search')).toBe(false);
    expect(url.searchParams.get('limit')).toBe('50');

    await expect(page.getByRole('heading', { name: 'Actions', level: 1 })).toBeVisible();
    await expect(page.getByText('Remedial work across your estate')).toBeVisible();
    await expect(page.getByLabel('Filter by status').locator('option')).toHaveText(['All statuses', 'Open', 'In progress', 'Waiting', 'Completed', 'Verified', 'Closed']);
    await expect(page.getByLabel('Filter by priority').locator('option')).toHaveText(['All priorities', 'Critical', 'High', 'Medium', 'Low']);

    await search(page, `nothing-matches-${uniqueToken()}`);
    await expect(page.getByText('No actions found')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test('shows 5 skeleton cards while the list loads', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => isActionList(url.href),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto('/actions');
    await expect(page.getByTestId('action-skeleton')).toHaveCount(5);
    release();
    await expect(page.getByTestId('action-skeleton')).toHaveCount(0);
  });

  test('creates an action through the dialog with the spec defaults', async ({ page }) => {
    const token = uniqueToken();
    const title = `Replace door closer ${token}`;
    await page.goto('/actions');
    const dialog = await openCreate(page);
    await expect(dialog.getByLabel('Category')).toHaveValue('maintenance');
    await expect(dialog.getByLabel('Priority')).toHaveValue('medium');
    await expect(dialog.getByLabel('Status')).toHaveValue('open');
    await expect(dialog.getByLabel('Assessment (optional)')).toHaveCount(0); // no asset chosen

    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Closer leaks oil; door slams.');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Category').selectOption('repair');
    await dialog.getByLabel('Assignee').fill('Pat Engineer');
    await dialog.getByLabel('Target date').fill('2026-11-22');
    await dialog.getByRole('button', { name: 'Create Action' }).click();

    const created = page.getByTestId('toast').filter({ hasText: 'Action created' });
    await expect(created).toContainText('The action has been added successfully');
    await expect(dialog).toBeHidden();

    await search(page, token);
    const item = card(page, title);
    await expect(item).toBeVisible();
    await expect(item).toContainText(/ACT-\d{6}/);
    await expect(item.locator('[data-priority="high"]')).toHaveText('High');
    await expect(item.locator('[data-status="open"]')).toHaveText('Open');
    await expect(item).toContainText('Closer leaks oil; door slams.');
    await expect(item).toContainText('Pat Engineer');
    await expect(item).toContainText('Target: 22 Nov 2026');
    await expect(item).toContainText('Repair');
  });

  test('a missing title shows "Title is required" and nothing is sent', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && isActionList(r.url())) posted = true;
    });
    await page.goto('/actions');
    const dialog = await openCreate(page);
    await dialog.getByLabel('Title').fill('   ');
    await dialog.getByRole('button', { name: 'Create Action' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    expect(posted).toBe(false);
  });

  test('a refused create shows "Failed to create action" with the server message', async ({ page }) => {
    await page.route(
      (url) => isActionList(url.href),
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 400, json: { message: 'Asset must be an existing asset' } })
          : route.continue(),
    );
    await page.goto('/actions');
    const dialog = await openCreate(page);
    await dialog.getByLabel('Title').fill(`Refused ${uniqueToken()}`);
    await dialog.getByRole('button', { name: 'Create Action' }).click();
    const failed = page.getByTestId('toast').filter({ hasText: 'Failed to create action' });
    await expect(failed).toContainText('Asset must be an existing asset');
    await expect(failed).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
  });

  test('search, status and priority filters narrow the list', async ({ page }) => {
    const token = uniqueToken();
    await createAction(page, { title: `Alpha ${token}`, priority: 'critical', status: 'open' });
    await createAction(page, { title: `Bravo ${token}`, priority: 'high', status: 'in_progress' });
    await createAction(page, { title: `Charlie ${token}`, priority: 'low', status: 'completed' });
    await createAction(page, { title: `Delta ${token}`, priority: 'low', status: 'open', assignee: `Sam ${token}-crew` });
    await page.goto('/actions');

    await search(page, token);
    await expect(cards(page)).toHaveCount(4);
    // Newest first.
    await expect(cards(page).getByRole('heading')).toHaveText([`Delta ${token}`, `Charlie ${token}`, `Bravo ${token}`, `Alpha ${token}`]);

    await page.getByLabel('Filter by status').selectOption('open');
    await expect(cards(page).getByRole('heading')).toHaveText([`Delta ${token}`, `Alpha ${token}`]);

    await page.getByLabel('Filter by priority').selectOption('low');
    await expect(cards(page).getByRole('heading')).toHaveText([`Delta ${token}`]);

    await page.getByLabel('Filter by status').selectOption('all');
    await expect(cards(page).getByRole('heading')).toHaveText([`Delta ${token}`, `Charlie ${token}`]);

    await page.getByLabel('Filter by priority').selectOption('critical');
    await page.getByLabel('Filter by status').selectOption('completed');
    await expect(page.getByText('No actions found')).toBeVisible();

    // The search also matches the assignee.
    await page.getByLabel('Filter by priority').selectOption('all');
    await page.getByLabel('Filter by status').selectOption('all');
    await search(page, `${token}-crew`);
    await expect(cards(page).getByRole('heading')).toHaveText([`Delta ${token}`]);
  });

  test('changing the status on a card saves it at once', async ({ page }) => {
    const token = uniqueToken();
    const action = await createAction(page, { title: `Service boiler ${token}`, priority: 'medium' });
    await page.goto('/actions');
    await search(page, token);
    const item = card(page, action.title);
    await expect(item.getByLabel('Status')).toHaveValue('open');

    await item.getByLabel('Status').selectOption('completed');
    const updated = page.getByTestId('toast').filter({ hasText: 'Action updated' });
    await expect(updated).toContainText('The action status has been changed');
    await expect(item.locator('[data-status="completed"]')).toHaveText('Completed');
    await expect(item.getByLabel('Status')).toHaveValue('completed');

    const stored = (await (await page.request.get(`/api/actions?search=${token}`)).json()) as Action[];
    expect(stored[0]).toMatchObject({ status: 'completed' });
    expect(stored[0]!.completedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.reload();
    await search(page, token);
    await expect(card(page, action.title).locator('[data-status="completed"]')).toBeVisible();
  });

  test('Edit opens the form with the action and saves the new title', async ({ page }) => {
    const token = uniqueToken();
    const action = await createAction(page, { title: `Paint railings ${token}`, priority: 'low', category: 'repair', assignee: 'Kim', targetDate: '2027-01-15' });
    await page.goto('/actions');
    await search(page, token);
    const item = card(page, action.title);
    await expect(item).toContainText('Target: 15 Jan 2027');
    await item.getByRole('button', { name: 'Edit' }).click();

    const dialog = page.getByRole('dialog', { name: `Edit ${action.actionId}` });
    await expect(dialog.getByLabel('Title')).toHaveValue(action.title);
    await expect(dialog.getByLabel('Priority')).toHaveValue('low');
    await expect(dialog.getByLabel('Category')).toHaveValue('repair');
    await expect(dialog.getByLabel('Assignee')).toHaveValue('Kim');
    await expect(dialog.getByLabel('Target date')).toHaveValue('2027-01-15');
    await dialog.getByLabel('Title').fill(`Paint railings green ${token}`);
    await dialog.getByLabel('Target date').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    const updated = page.getByTestId('toast').filter({ hasText: 'Action updated' });
    await expect(updated).toContainText('The action has been updated');
    await expect(dialog).toBeHidden();
    const renamed = card(page, `Paint railings green ${token}`);
    await expect(renamed).toBeVisible();
    await expect(renamed).toContainText(action.actionId);
    await expect(renamed).toContainText('No date set');
    await expect(card(page, action.title)).toHaveCount(0);
  });

  test('an action can be linked to an asset and one of its assessments; the card links to the asset', async ({ page }) => {
    const token = uniqueToken();
    const asset = await createAsset(page, token);
    const res = await page.request.post('/api/assessments', { data: { assetId: asset.id, condition: 'poor' } });
    expect(res.status(), await res.text()).toBe(201);
    const assessment = (await res.json()) as Assessment;

    await page.goto('/actions');
    const dialog = await openCreate(page);
    await dialog.getByLabel('Asset (optional)').click();
    await page.getByLabel('Search assets').fill(asset.assetId);
    await page.getByRole('option', { name: new RegExp(asset.assetId) }).click();
    await expect(dialog.getByLabel('Asset (optional)')).toContainText(`${asset.assetId} · HVAC · Depot ${token}`);
    const assessmentSelect = dialog.getByLabel('Assessment (optional)');
    await expect(assessmentSelect.locator('option', { hasText: assessment.assessmentId })).toHaveText(new RegExp(`${assessment.assessmentId} · .+ · Poor`));
    await assessmentSelect.selectOption(assessment.id);
    await dialog.getByLabel('Title').fill(`Rebalance fan ${token}`);
    await dialog.getByRole('button', { name: 'Create Action' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Action created' })).toBeVisible();

    const stored = (await (await page.request.get(`/api/actions?search=${token}`)).json()) as Action[];
    expect(stored[0]).toMatchObject({ assetId: asset.id, assessmentId: assessment.id, assetCode: asset.assetId });

    await search(page, token);
    const link = card(page, `Rebalance fan ${token}`).getByRole('link', { name: asset.assetId });
    await expect(link).toHaveAttribute('href', `/assets/${asset.id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/assets/${asset.id}$`));
  });

  test('scrolling to the end loads the next page', async ({ page }) => {
    const token = uniqueToken();
    for (let i = 1; i <= 53; i++) await createAction(page, { title: `Batch ${token} ${String(i).padStart(2, '0')}`, priority: 'low' });
    await page.goto('/actions');
    await search(page, token);
    await expect(cards(page)).toHaveCount(50);
    const nextPage = page.waitForResponse((r) => isActionList(r.url()) && new URL(r.url()).searchParams.has('cursor') && new URL(r.url()).searchParams.get('search') === token);
    // The fallback button is there for keyboards; scrolling near it is enough.
    await expect(page.getByRole('button', { name: 'Load more' })).toBeAttached();
    await cards(page).last().scrollIntoViewIfNeeded();
    await nextPage;
    await expect(cards(page)).toHaveCount(53);
    await expect(cards(page).last().getByRole('heading')).toHaveText(`Batch ${token} 01`);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });
});

test.describe('Actions page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('controls stack, cards take the full width, and an action can be created', async ({ page }) => {
    await signUpViaApi(page);
    const token = uniqueToken();
    await createAction(page, { title: `Phone action ${token}`, priority: 'critical', description: `A long description ${'word '.repeat(60)}` });
    await page.goto('/actions');
    await search(page, token);

    const searchBox = (await page.getByLabel('Search actions').boundingBox())!;
    const status = (await page.getByLabel('Filter by status').boundingBox())!;
    const priority = (await page.getByLabel('Filter by priority').boundingBox())!;
    expect(status.y).toBeGreaterThan(searchBox.y);
    expect(priority.y).toBeGreaterThan(status.y);
    expect(Math.abs(status.width - searchBox.width)).toBeLessThan(2);

    const item = card(page, `Phone action ${token}`);
    const box = (await item.boundingBox())!;
    expect(box.width).toBeGreaterThan(330);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A long asset label stays inside the full-screen dialog.
    const asset = await createAsset(page, `${token} ${'Long site name '.repeat(6)}`);
    const dialog = await openCreate(page);
    expect((await dialog.boundingBox())!.width).toBe(390);
    await dialog.getByLabel('Asset (optional)').click();
    await page.getByLabel('Search assets').fill(asset.assetId);
    await page.getByRole('option', { name: new RegExp(asset.assetId) }).click();
    const picker = (await dialog.getByLabel('Asset (optional)').boundingBox())!;
    expect(picker.x + picker.width).toBeLessThanOrEqual(390);
    await dialog.getByLabel('Title').fill(`Phone created ${token}`);
    await dialog.getByRole('button', { name: 'Create Action' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Action created' })).toBeVisible();
    await expect(card(page, `Phone created ${token}`)).toBeVisible();
  });
});
