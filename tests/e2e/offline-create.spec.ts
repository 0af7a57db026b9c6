import sharp from 'sharp';
import { expect, test, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { signUpViaApi, uniqueUser, waitForOfflineApp } from './helpers';
import { createAsset, createLocation, createObligation, regimesByKey } from './fixtures';
import { minimalPdf } from '../factories/pdf';

/**
 * New records made offline (ADR 028): an asset, an action and a compliance inspection recorded on a
 * phone with no signal wait in the outbox, show in their lists as waiting to sync, and reach the
 * server once each when the network returns, even when a request is sent again with its key.
 */

// The service worker is what makes the app open offline (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Chooses a location in the asset form's picker (the search answer was kept while online). Tried
 * again as a whole when the option is replaced under the click (the list is drawn again when each
 * answer arrives, and on a loaded machine the answers for the typed prefixes come one by one).
 */
async function chooseLocation(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Add Asset' });
  await expect(async () => {
    if (!(await page.getByRole('textbox', { name: 'Search locations' }).isVisible())) await dialog.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('textbox', { name: 'Search locations' }).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click({ timeout: 3_000 });
    await expect(dialog.getByRole('combobox', { name: 'Location' })).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens the asset list's Add Asset form online once, choosing `siteName`, and waits for the installed
 * app: the location search's answer is then kept, so the form works with no network.
 */
async function openAssetFormOnceOnline(page: Page, siteName: string): Promise<void> {
  await page.goto('/assets');
  await page.getByRole('button', { name: 'Add Asset' }).first().click();
  await chooseLocation(page, siteName);
  await page.getByRole('dialog', { name: 'Add Asset' }).getByRole('button', { name: 'Cancel' }).click();
  await waitForOfflineApp(page);
}

const CREATES = new Set(['/api/assets', '/api/actions', '/api/inspections']);

/**
 * Signs an asset manager up on a phone, makes a site, and creates an asset there with no network
 * (the form opened once online first).
 */
async function assetCreatedOffline(page: Page, context: BrowserContext, make: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  await openAssetFormOnceOnline(page, site.name);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Add Asset' }).first().click();
  const assetDialog = page.getByRole('dialog', { name: 'Add Asset' });
  await chooseLocation(page, site.name);
  await assetDialog.getByLabel('Make', { exact: true }).fill(make);
  await assetDialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(assetDialog).toBeHidden();
  return { user, site };
}

test('an asset, an action and an inspection created offline on a phone wait as "waiting to sync" and reach the server exactly once', async ({ page, context }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const me = (await (await page.context().request.get('/api/user')).json()) as { id: string };
  const site = await createLocation(page);
  const boiler = await createAsset(page, { locationId: site.id, type: 'hvac', subtype: 'Plant room' });
  const gas = (await regimesByKey(page)).gas_safety!;
  const obligation = await createObligation(page, { regimeId: gas.id, assetId: boiler.id });
  const make = `Worcester ${Date.now().toString(36)}`;
  const title = `Bleed the radiators ${Date.now().toString(36)}`;

  // One visit online: the app installs, and what is viewed is kept on the device.
  await page.goto(`/assets/${boiler.id}`);
  await expect(page.getByRole('heading', { name: boiler.assetId })).toBeVisible();
  await page.getByRole('tab', { name: /^Actions/ }).click();
  await expect(page.getByTestId('asset-actions-count')).toHaveText('0 actions');
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByRole('button', { name: `Record inspection: ${gas.name}` })).toBeVisible();
  await openAssetFormOnceOnline(page, site.name);

  // No signal: a new asset on the asset list.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('connection-banner')).toContainText('You are offline');
  await page.getByRole('button', { name: 'Add Asset' }).first().click();
  const assetDialog = page.getByRole('dialog', { name: 'Add Asset' });
  await chooseLocation(page, site.name);
  await assetDialog.getByLabel('Type', { exact: true }).selectOption('hvac');
  await assetDialog.getByLabel('Make', { exact: true }).fill(make);
  await assetDialog.getByRole('button', { name: 'Create Asset' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Asset saved on this device' })).toContainText('It will be sent when the connection returns');
  await expect(assetDialog).toBeHidden();
  const waitingAssets = page.getByLabel('Assets waiting to sync').getByTestId('waiting-item');
  await expect(waitingAssets).toHaveCount(1);
  await expect(waitingAssets).toContainText(`New asset: HVAC, ${make}`);
  await expect(waitingAssets).toContainText('Waiting to sync');

  // An action on the boiler, from its Actions tab.
  await page.goto(`/assets/${boiler.id}`);
  await page.getByRole('tab', { name: /^Actions/ }).click();
  await page.getByRole('button', { name: 'Add Action' }).click();
  const actionDialog = page.getByRole('dialog', { name: 'Create Action' });
  await actionDialog.getByLabel('Title').fill(title);
  await actionDialog.getByLabel('Priority').selectOption('high');
  await actionDialog.getByRole('button', { name: 'Create Action' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Action saved on this device' })).toBeVisible();
  await expect(actionDialog).toBeHidden();
  const waitingOnTab = page.getByLabel('Actions waiting to sync').getByTestId('waiting-item');
  await expect(waitingOnTab).toHaveCount(1);
  await expect(waitingOnTab).toContainText(`New action: ${title}`);

  // An inspection of its gas safety, from its Compliance tab: shown on the obligation as waiting.
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await page.getByRole('button', { name: `Record inspection: ${gas.name}` }).click();
  const inspectionDialog = page.getByRole('dialog', { name: 'Record inspection' });
  await inspectionDialog.getByLabel('Pass', { exact: true }).check();
  await inspectionDialog.getByLabel('Certificate number').fill('GS-0001');
  await inspectionDialog.getByRole('button', { name: 'Save inspection' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Inspection saved on this device' })).toBeVisible();
  await expect(inspectionDialog).toBeHidden();
  const obligationCard = page.getByTestId('asset-obligation').filter({ hasText: gas.name });
  const waitingInspection = obligationCard.getByLabel(`Inspections waiting to sync: ${gas.name}`).getByTestId('waiting-item');
  await expect(waitingInspection).toHaveCount(1);
  await expect(waitingInspection).toContainText(`Inspection: ${gas.name}, Pass on`);
  await expect(obligationCard).toContainText('Never inspected');

  // The actions page shows the new action too; the banner and the Outbox count all three.
  await page.goto('/actions');
  await expect(page.getByLabel('Actions waiting to sync').getByTestId('waiting-item')).toContainText(`New action: ${title}`);
  await expect(page.getByTestId('outbox-summary')).toContainText('3 items waiting to sync');
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(3);
  await expect(page.locator('[data-testid="outbox-item"]').nth(0)).toHaveAttribute('data-kind', 'asset');
  await expect(page.locator('[data-testid="outbox-item"]').nth(1)).toHaveAttribute('data-kind', 'action');
  await expect(page.locator('[data-testid="outbox-item"]').nth(2)).toHaveAttribute('data-kind', 'inspection');

  // Back online: the replay sends them in order; each request is kept to be sent again below. The
  // page or the service worker (Background Sync) may replay, whichever takes the outbox's lock first:
  // the context sees the requests of both.
  const sent: Request[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && CREATES.has(new URL(request.url()).pathname)) sent.push(request);
  });
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Nothing waiting')).toBeVisible();
  expect(sent.map((request) => new URL(request.url()).pathname)).toEqual(['/api/assets', '/api/actions', '/api/inspections']);

  const server = page.context().request;
  const stored = async () => ({
    assets: (await (await server.get(`/api/assets?search=${encodeURIComponent(make)}`)).json()) as Array<{ id: string; make: string; type: string; locationId: string }>,
    actions: ((await (await server.get(`/api/actions?assetId=${boiler.id}`)).json()) as Array<{ id: string; title: string; priority: string; createdBy: string }>).filter((a) => a.title === title),
    inspections: (await (await server.get(`/api/obligations/${obligation.id}/inspections`)).json()) as Array<{ id: string; result: string; certificateNumber: string; recordedById: string }>,
  });
  const first = await stored();
  expect(first.assets).toHaveLength(1);
  expect(first.assets[0]).toMatchObject({ make, type: 'hvac', locationId: site.id });
  const asset = (await (await server.get(`/api/assets/${first.assets[0]!.id}`)).json()) as { createdBy: string; createdByName: string };
  expect(asset).toMatchObject({ createdBy: me.id, createdByName: user.fullName });
  expect(first.actions).toHaveLength(1);
  expect(first.actions[0]).toMatchObject({ priority: 'high', createdBy: me.id });
  expect(first.inspections).toHaveLength(1);
  expect(first.inspections[0]).toMatchObject({ result: 'pass', certificateNumber: 'GS-0001', recordedById: me.id });

  // The same requests sent again with their keys (an answer lost on the way): the first records come back, nothing is added.
  for (const request of sent) {
    const headers = await request.allHeaders();
    expect(headers['idempotency-key']).toBeTruthy();
    const again = await server.post(request.url(), { headers: { 'Idempotency-Key': headers['idempotency-key']! }, data: request.postDataJSON() });
    expect(again.ok(), await again.text()).toBe(true);
  }
  const after = await stored();
  expect([after.assets.length, after.actions.length, after.inspections.length]).toEqual([1, 1, 1]);
  expect([after.assets[0]!.id, after.actions[0]!.id, after.inspections[0]!.id]).toEqual([first.assets[0]!.id, first.actions[0]!.id, first.inspections[0]!.id]);

  // The lists show the records the server now holds, and nothing waits.
  await page.goto(`/assets/${boiler.id}?tab=compliance`);
  await expect(page.getByTestId('asset-obligation').filter({ hasText: gas.name })).not.toContainText('Never inspected');
  await expect(page.getByTestId('waiting-item')).toHaveCount(0);
});

test("a new asset's first assessment, made before the asset is sent, waits for it and reaches the server on it, with its photo", async ({ page, context }) => {
  test.slow();
  const make = `Vaillant ${Date.now().toString(36)}`;
  const { user } = await assetCreatedOffline(page, context, make);
  const waitingAsset = page.getByLabel('Assets waiting to sync').getByTestId('waiting-item');
  await expect(waitingAsset).toContainText(`New asset: Other, ${make}`);

  // Assessed at once, with a photo: both wait for the asset.
  await waitingAsset.getByRole('button', { name: `Add Assessment: New asset: Other, ${make}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
  await dialog.getByLabel('Condition', { exact: true }).selectOption('poor');
  await dialog.getByLabel('Notes').fill('Found on the survey');
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#806040' } }).jpeg().toBuffer();
  await dialog.locator('input.uppy-Dashboard-input[name="files[]"]').first().setInputFiles({ name: 'plate.jpg', mimeType: 'image/jpeg', buffer: photo });
  await dialog.getByRole('button', { name: 'Save Assessment' }).click();
  await expect(page.getByTestId('toast').getByText('Assessment with 1 photo saved on this device')).toBeVisible();
  await expect(waitingAsset.getByTestId('waiting-kept-with')).toHaveText(' · with 1 assessment');

  await page.goto('/outbox');
  const assetItem = page.locator('[data-testid="outbox-item"][data-kind="asset"]');
  const assessmentItem = page.locator('[data-testid="outbox-item"][data-kind="assessment"]');
  await expect(assetItem).toContainText('1 assessment kept with it');
  await expect(assessmentItem.getByTestId('outbox-parent')).toHaveText(`With New asset: Other, ${make}`);
  await expect(assessmentItem).toContainText('1 photo kept with it');
  await expect(page.getByTestId('outbox-item')).toHaveCount(3);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 30_000 });

  const server = page.context().request;
  const assets = (await (await server.get(`/api/assets?search=${encodeURIComponent(make)}`)).json()) as Array<{ id: string; condition: string }>;
  expect(assets).toHaveLength(1);
  const assessments = (await (await server.get(`/api/assessments?assetId=${assets[0]!.id}`)).json()) as Array<{ id: string; condition: string; conditionNotes: string; assessedByName: string }>;
  expect(assessments).toHaveLength(1);
  expect(assessments[0]).toMatchObject({ condition: 'poor', conditionNotes: 'Found on the survey', assessedByName: user.fullName });
  // The assessment set the new asset's condition, and the photo reached the asset through it.
  expect(assets[0]!.condition).toBe('poor');
  const media = (await (await server.get(`/api/media?assetId=${assets[0]!.id}`)).json()) as Array<{ assessmentId: string; uploadedByName: string }>;
  expect(media).toHaveLength(1);
  expect(media[0]).toMatchObject({ assessmentId: assessments[0]!.id, uploadedByName: user.fullName });
});

test("an action's photo and an inspection's evidence chosen offline are kept with them and reach the server linked to them", async ({ page, context }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const boiler = await createAsset(page, { locationId: site.id, type: 'hvac' });
  const gas = (await regimesByKey(page)).gas_safety!;
  const obligation = await createObligation(page, { regimeId: gas.id, assetId: boiler.id });
  const title = `Replace the flue seal ${Date.now().toString(36)}`;
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();
  await page.goto(`/assets/${boiler.id}`);
  await page.getByRole('tab', { name: /^Actions/ }).click();
  await expect(page.getByTestId('asset-actions-count')).toHaveText('0 actions');
  await page.getByRole('tab', { name: 'Compliance' }).click();
  await expect(page.getByRole('button', { name: `Record inspection: ${gas.name}` })).toBeVisible();
  await waitForOfflineApp(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: /^Actions/ }).click();
  await page.getByRole('button', { name: 'Add Action' }).click();
  const actionDialog = page.getByRole('dialog', { name: 'Create Action' });
  await actionDialog.getByLabel('Title').fill(title);
  await actionDialog.getByRole('button', { name: 'Add photos' }).click();
  await actionDialog.locator('input.uppy-Dashboard-input[name="files[]"]').first().setInputFiles({ name: 'seal.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(actionDialog.getByText('Kept on this device when you save, sent with the record')).toBeVisible();
  await actionDialog.getByRole('button', { name: 'Create Action' }).click();
  await expect(page.getByTestId('toast').getByText('Action with 1 photo saved on this device')).toBeVisible();
  await expect(page.getByLabel('Actions waiting to sync').getByTestId('waiting-kept-with')).toHaveText(' · with 1 photo');

  await page.getByRole('tab', { name: 'Compliance' }).click();
  await page.getByRole('button', { name: `Record inspection: ${gas.name}` }).click();
  const record = page.getByRole('dialog', { name: 'Record inspection' });
  await record.getByLabel('Pass', { exact: true }).check();
  const chooser = page.waitForEvent('filechooser');
  await record.getByRole('button', { name: 'Add photos or PDFs' }).click();
  await (await chooser).setFiles([
    { name: 'gas-certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
    { name: 'flue.jpg', mimeType: 'image/jpeg', buffer: jpeg },
  ]);
  await record.getByRole('button', { name: 'Save inspection' }).click();
  await expect(page.getByTestId('toast').getByText('Inspection with 2 evidence files saved on this device')).toBeVisible();
  const card = page.getByTestId('asset-obligation').filter({ hasText: gas.name });
  await expect(card.getByTestId('waiting-kept-with')).toHaveText(' · with 1 file and 1 photo');

  await page.goto('/outbox');
  await expect(page.getByTestId('outbox-item')).toHaveCount(5);
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 30_000 });

  const server = page.context().request;
  const actions = ((await (await server.get(`/api/actions?assetId=${boiler.id}`)).json()) as Array<{ id: string; title: string }>).filter((a) => a.title === title);
  expect(actions).toHaveLength(1);
  const inspections = (await (await server.get(`/api/obligations/${obligation.id}/inspections`)).json()) as Array<{ id: string; evidence: Array<{ filename: string }> }>;
  expect(inspections).toHaveLength(1);
  expect(inspections[0]!.evidence.map((file) => file.filename).sort()).toEqual(['flue.jpg', 'gas-certificate.pdf']);
  const media = (await (await server.get(`/api/media?assetId=${boiler.id}`)).json()) as Array<{ filename: string; actionId: string | null; inspectionId: string | null }>;
  expect(media.find((m) => m.filename === 'seal.jpg')).toMatchObject({ actionId: actions[0]!.id });
});

test('an assessment begun on a new asset while offline and saved after the asset was sent lands on that asset', async ({ page, context }) => {
  test.slow();
  const make = `Baxi ${Date.now().toString(36)}`;
  await assetCreatedOffline(page, context, make);
  await page.getByRole('button', { name: `Add Assessment: New asset: Other, ${make}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
  await dialog.getByLabel('Condition', { exact: true }).selectOption('fair');

  // The signal returns while the form is open: the asset is sent first, by the page or by the service
  // worker (Background Sync), whichever takes the outbox's lock; the page no longer shows it waiting.
  const assetSent = context.waitForEvent('response', (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/assets');
  await context.setOffline(false);
  expect((await assetSent).status()).toBe(201);
  await expect(page.getByTestId('waiting-item')).toHaveCount(0);
  await assessmentSavedOnSentAsset(page, dialog, make);
});

/**
 * The assessment's form, left open while its new asset was sent, is saved: it goes at once, and the
 * server holds the one asset with the one assessment on it.
 */
async function assessmentSavedOnSentAsset(page: Page, dialog: Locator, make: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Save Assessment' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/outbox');
  await expect(page.getByText('Nothing waiting')).toBeVisible({ timeout: 30_000 });

  const server = page.context().request;
  const assets = (await (await server.get(`/api/assets?search=${encodeURIComponent(make)}`)).json()) as Array<{ id: string }>;
  expect(assets).toHaveLength(1);
  const assessments = (await (await server.get(`/api/assessments?assetId=${assets[0]!.id}`)).json()) as Array<{ condition: string }>;
  expect(assessments.map((a) => a.condition)).toEqual(['fair']);
}

test('an assessment begun on a new asset while offline and saved after another tab sent the asset lands on that asset', async ({ page, context }) => {
  test.slow();
  const make = `Vaillant ${Date.now().toString(36)}`;
  await assetCreatedOffline(page, context, make);
  // A second tab of the app on the Outbox, opened with no network (the app is installed).
  const other = await context.newPage();
  await other.goto('/outbox');
  await expect(other.getByTestId('outbox-item')).toHaveCount(1);
  await page.getByRole('button', { name: `Add Assessment: New asset: Other, ${make}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
  await dialog.getByLabel('Condition', { exact: true }).selectOption('fair');

  // The signal returns while the form is open, and only the other tab gets the asset through (this
  // page's and the service worker's attempts find no network), so this page is told of it by no one:
  // it sees the asset leave the outbox, and finds its server id on the device.
  const created: number[] = [];
  await context.route('**/api/assets', async (route) => {
    const request = route.request();
    if (request.method() !== 'POST') return route.continue();
    if (request.serviceWorker() || request.frame().page() !== other) return route.abort('internetdisconnected');
    const response = await route.fetch();
    created.push(response.status());
    return route.fulfill({ response });
  });
  await context.setOffline(false);
  // Sync now, in the other tab, until it holds the outbox's lock (this page may be trying meanwhile).
  await expect(async () => {
    // A click that does not come back (seen on a loaded run, after the send went through) is tried
    // again rather than spending the whole minute.
    if (await other.getByRole('button', { name: 'Sync now' }).isEnabled()) await other.getByRole('button', { name: 'Sync now' }).click({ timeout: 5_000 });
    await expect(other.getByText('Nothing waiting')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  expect(created).toEqual([201]);
  await expect(page.getByTestId('waiting-item')).toHaveCount(0);
  await assessmentSavedOnSentAsset(page, dialog, make);
});
