import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { anotherUser, signUpViaApi, uniqueUser, waitForOfflineApp } from './helpers';
import { createAction, createAsset, createLocation, uniqueToken } from './fixtures';

// Actions changed with no network (ADR 028): a card's status change and the Edit Action dialog, kept
// in the outbox, sent on reconnect, and a colleague's change meanwhile met as a conflict. The service
// worker is what makes the app open offline (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

type Action = { id: string; actionId: string; title: string; priority: string; targetDate: string | null; status: string };

/**
 * The action's card on the Actions page, seen once online (so the app and the list are kept on the
 * device), then the page opened again with no network.
 */
async function actionCardOffline(page: Page, context: BrowserContext, action: Pick<Action, 'actionId'>): Promise<Locator> {
  // Found by its code: tests running alongside add actions that would push it off the first page.
  await page.goto(`/actions?search=${action.actionId}`);
  const card = page.getByTestId('action-card').filter({ hasText: action.actionId });
  await expect(card).toBeVisible();
  await waitForOfflineApp(page);
  await context.setOffline(true);
  await page.reload();
  await expect(card).toBeVisible();
  return card;
}

const stored = async (page: Page, action: Pick<Action, 'id'>): Promise<Action> => (await (await page.context().request.get(`/api/actions/${action.id}`)).json()) as Action;

/** The user's edit, made in the Edit Action dialog with no network: kept on the device, the card says it waits. */
const MINE = { title: uniqueToken('Replace the valve and flush'), priority: 'high', targetDate: '2027-03-08' };

async function editOffline(page: Page, card: Locator, action: Pick<Action, 'actionId'>): Promise<void> {
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${action.actionId}` });
  await dialog.getByLabel('Title', { exact: true }).fill(MINE.title);
  await dialog.getByLabel('Priority', { exact: true }).selectOption(MINE.priority);
  await dialog.getByLabel('Target date', { exact: true }).fill(MINE.targetDate);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast').getByText('Changes saved on this device')).toBeVisible();
  await expect(card.getByTestId('action-waiting')).toHaveText('Waiting to sync');
  await expect(page.getByTestId('outbox-summary')).toContainText('1 item waiting to sync');
}

/** A surveyor's action (with `fields`), its card opened with no network, and the user's edit kept on the device. */
async function actionEditedOffline(page: Page, context: BrowserContext, fields: Record<string, unknown> = {}): Promise<{ action: Action; card: Locator }> {
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'surveyor' }));
  const action = (await createAction(page, { title: uniqueToken('Valve'), priority: 'medium', ...fields })) as Action;
  const card = await actionCardOffline(page, context, action);
  await editOffline(page, card, action);
  return { action, card };
}

test('an action edited in full offline shows as waiting on its card and lands when the network returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { action, card } = await actionEditedOffline(page, context, { targetDate: '2027-03-01', assignee: 'Pat' });

  await context.setOffline(false);
  await expect(card.getByTestId('action-waiting')).toHaveCount(0);
  await expect(card).toContainText(MINE.title);
  // Only what the user changed: the assignee the form showed is kept.
  expect(await stored(page, action)).toMatchObject({ ...MINE, assignee: 'Pat' });
});

test('an action edited in full offline after a colleague changed it lands in the Outbox with both versions, and keeping mine applies it', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const { action, card } = await actionEditedOffline(page, context, { targetDate: '2027-03-01' });

  // Meanwhile, in the office, a colleague renames it and moves its date.
  const office = await anotherUser(browser, { role: 'asset_manager' });
  const theirs = { title: uniqueToken('Fit a new valve'), targetDate: '2027-03-15' };
  expect((await office.page.context().request.patch(`/api/actions/${action.id}`, { data: theirs })).status()).toBe(200);

  await context.setOffline(false);
  await expect(card.getByTestId('action-waiting')).toHaveText('Not sent: see Outbox');
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toHaveAttribute('data-status', 'conflict');
  await expect(item).toContainText(`Changes to ${action.actionId}`);
  const row = (field: string) => item.getByTestId('conflict-field').filter({ has: page.getByRole('rowheader', { name: field, exact: true }) });
  await expect(row('Title')).toContainText(theirs.title);
  await expect(row('Title')).toContainText(MINE.title);
  await expect(row('Priority')).toContainText('Medium');
  await expect(row('Priority')).toContainText('High');
  await expect(row('Target date')).toContainText('15 Mar 2027');
  await expect(row('Target date')).toContainText('8 Mar 2027');
  // Only the fields that differ: the category both versions share is not listed.
  await expect(item.getByTestId('conflict-field')).toHaveCount(3);
  // Not overwritten: the server still has the colleague's version.
  expect(await stored(page, action)).toMatchObject({ ...theirs, priority: 'medium' });

  await item.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  expect(await stored(page, action)).toMatchObject(MINE);
  await office.page.context().close();
});

test('changes made offline one after another build on each other: the dialog opens on the first, and both land without a conflict', async ({ page, context }) => {
  test.setTimeout(120_000);
  const { action, card } = await actionEditedOffline(page, context);

  // Opened again before it is sent, the dialog shows the edit kept on the device.
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${action.actionId}` });
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue(MINE.title);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await card.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByTestId('outbox-summary')).toContainText('2 items waiting to sync');

  await context.setOffline(false);
  await expect(card.getByTestId('action-waiting')).toHaveCount(0);
  expect(await stored(page, action)).toMatchObject({ ...MINE, status: 'in_progress' });
});

test('an action edited offline the same way a colleague edited it meanwhile is taken as sent, with nothing to choose', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const { action, card } = await actionEditedOffline(page, context);

  const office = await anotherUser(browser, { role: 'asset_manager' });
  expect((await office.page.context().request.patch(`/api/actions/${action.id}`, { data: MINE })).status()).toBe(200);

  await context.setOffline(false);
  await expect(card.getByTestId('action-waiting')).toHaveCount(0);
  await expect(page.getByTestId('outbox-summary')).toHaveCount(0);
  expect(await stored(page, action)).toMatchObject(MINE);
  await office.page.context().close();
});

test('an action status changed offline shows as waiting on its card and reaches the server when the network returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id });
  const action = await createAction(page, { title: 'Replace the valve', priority: 'high', assetId: asset.id });
  const card = await actionCardOffline(page, context, action);

  await card.getByLabel('Status').selectOption('in_progress');
  await expect(card.getByTestId('action-waiting')).toHaveText('Waiting to sync');
  await expect(card.getByLabel('Status')).toHaveValue('in_progress');

  await context.setOffline(false);
  await expect(card.getByTestId('action-waiting')).toHaveCount(0);
  await expect(card.getByLabel('Status')).toHaveValue('in_progress');
  expect((await stored(page, action)).status).toBe('in_progress');
});

test('an action status changed offline after a colleague completed it lands in the Outbox, never undoing theirs', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'surveyor' }));
  const action = await createAction(page, { title: 'Clear the gutter', priority: 'medium' });
  const card = await actionCardOffline(page, context, action);

  await card.getByLabel('Status').selectOption('in_progress');
  await expect(card.getByTestId('action-waiting')).toHaveText('Waiting to sync');

  // Meanwhile a colleague completes it.
  const office = await anotherUser(browser, { role: 'asset_manager' });
  expect((await office.page.context().request.patch(`/api/actions/${action.id}`, { data: { status: 'completed' } })).status()).toBe(200);

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toHaveAttribute('data-status', 'conflict');
  const status = item.getByTestId('conflict-field').filter({ hasText: 'Status' });
  await expect(status).toContainText('Completed');
  await expect(status).toContainText('In progress');
  expect((await stored(page, action)).status).toBe('completed');

  await item.getByRole('button', { name: 'Discard mine' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  expect((await stored(page, action)).status).toBe('completed');
  await office.page.context().close();
});
