import sharp from 'sharp';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAction, createAssessment, createAsset, createLocation, createMeter, createObligation, createPlace, daysAgo, recordInspection, regimesByKey, startImportStep, uniqueToken } from './fixtures';
import { minimalPdf } from '../factories/pdf';

/**
 * Accessibility (WCAG 2.1 A and AA, as axe-core checks it): every screen and the main dialogs, on a
 * wide screen and on a phone, each with real records on it. A check fails on any violation axe rates
 * serious or critical; its message names each rule, what it asks for and where it failed.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** How many failing elements a violation lists in the failure message. */
const TARGETS_SHOWN = 3;

async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Legacy mode runs axe in the page itself. The default merges each frame's results in a blank page
  // it opens per check, which costs seconds each time; the app has no frames to merge.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.slice(0, TARGETS_SHOWN).map((node) => node.target.join(' >> '));
      const more = violation.nodes.length > TARGETS_SHOWN ? ` (+${violation.nodes.length - TARGETS_SHOWN} more)` : '';
      return `${violation.id} [${violation.impact}]: ${violation.help} at ${targets.join(' | ')}${more}`;
    });
  expect(serious, `${label}: ${serious.length} serious or critical accessibility violation(s)\n${serious.join('\n')}`).toEqual([]);
}

const SIZES = [
  { name: 'a wide screen', phone: false, use: { viewport: { width: 1280, height: 800 } } },
  { name: 'a phone', phone: true, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

/** Opens a dialog with the button and waits for its title, so axe sees it whole. */
async function openDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** A small JPEG stored as a photo of the asset: signed upload, the file, then the media record. */
async function addPhoto(page: Page, assetId: string, caption: string): Promise<void> {
  const api = page.context().request;
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6f4f' } }).jpeg().toBuffer();
  const upload = await api.post('/api/objects/upload', { data: { filename: 'plant-room.jpg', size: photo.length, contentType: 'image/jpeg' } });
  expect(upload.status(), await upload.text()).toBe(200);
  const { uploadURL, key, headers } = (await upload.json()) as { uploadURL: string; key: string; headers: Record<string, string> };
  const put = await api.put(uploadURL, { headers, data: photo });
  expect(put.ok(), await put.text()).toBe(true);
  const media = await api.post('/api/media', { data: { key, filename: 'plant-room.jpg', caption, assetId } });
  expect(media.status(), await media.text()).toBe(201);
}

async function recordReading(page: Page, meterId: string, reading: number, readingDate: string, extra: Record<string, unknown> = {}) {
  const res = await page.context().request.post('/api/meter-readings', { data: { meterId, reading, readingDate, ...extra } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A site with a building, floor and area under it, so the Locations page shows several groups. */
async function createHierarchy(page: Page, token: string) {
  const api = page.context().request;
  const site = await createLocation(page, `Site ${token}`);
  let parentId = site.id;
  for (const type of ['building', 'floor', 'area'] as const) {
    const res = await api.post('/api/locations', { data: { name: `${type} ${token}`, type, parentId, code: `${type.slice(0, 2).toUpperCase()}-1` } });
    expect(res.status(), await res.text()).toBe(201);
    parentId = ((await res.json()) as { id: string }).id;
  }
  return site;
}

for (const size of SIZES) {
  test.describe(`accessibility on ${size.name}`, () => {
    // Dialogs and toasts animate in; axe should measure them at rest, not half-faded.
    test.use({ ...size.use, reducedMotion: 'reduce' });
    // Each test sets up its records and runs several checks.
    test.describe.configure({ timeout: 60_000 });

    test('sign-in and register', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'sign in');

      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'register');
    });

    test('dashboard', async ({ page }) => {
      await signUpViaApi(page);
      const location = await createLocation(page);
      await createAsset(page, { locationId: location.id, condition: 'poor', make: 'Carrier' });
      await createAction(page, { priority: 'high', targetDate: '2030-01-31' });
      await page.goto('/');
      await expect(heading(page, 'Dashboard')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Recent assets' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Open actions' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('list', { name: 'Condition distribution' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'dashboard');

      if (!size.phone) {
        await page.keyboard.press('Control+b');
        await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');
        await expectNoSeriousA11yViolations(page, 'dashboard with the sidebar collapsed to icons');
      }
    });

    test('assets list and the Add Asset dialog', async ({ page }) => {
      await signUpViaApi(page);
      const token = uniqueToken('Trane');
      const location = await createLocation(page);
      // One of each condition, so every badge colour is measured.
      for (const condition of ['excellent', 'good', 'fair', 'poor', 'unsafe'] as const) {
        await createAsset(page, { locationId: location.id, condition, make: token, model: condition, serial: condition === 'good' ? 'SN-1' : undefined });
      }
      await page.goto(`/assets?search=${token}`);
      await expect(heading(page, 'Assets')).toBeVisible();
      await expect(page.getByTestId('asset-card')).toHaveCount(5);
      await expectNoSeriousA11yViolations(page, 'assets list');

      const dialog = await openDialog(page, page.getByRole('button', { name: 'Add Asset' }).first(), 'Add Asset');
      await expectNoSeriousA11yViolations(page, 'Add Asset dialog');

      await dialog.getByRole('combobox', { name: 'Location' }).click();
      await page.getByRole('textbox', { name: 'Search locations' }).fill(location.name);
      await expect(page.getByRole('option', { name: new RegExp(location.name) })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Add Asset dialog, location picker open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();

      await dialog.getByRole('button', { name: 'Create Asset' }).click();
      await expect(dialog.getByRole('alert').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Add Asset dialog with validation messages');
    });

    test('asset detail: the Details, Assessments, Actions, Media and History tabs', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ fullName: 'Alex Assessor' }));
      const location = await createLocation(page);
      const asset = await createAsset(page, {
        locationId: location.id,
        type: 'fire_door',
        condition: 'fair',
        make: 'Otis',
        model: 'FD30',
        serial: 'SER-123',
        description: 'Stair core door, level 2',
        conditionNotes: 'Closer is slow',
        complianceFire: 'yes',
        complianceElectrical: 'no',
        customFields: { Rating: 'FD30S' },
      });
      await createAssessment(page, {
        assetId: asset.id,
        condition: 'fair',
        conditionNotes: 'Annual inspection',
        defects: [
          { code: 'D-01', description: 'Hinge corroded', severity: 'critical' },
          { code: 'D-02', description: 'Glazing scratched', severity: 'low' },
          { description: 'Closer slow', severity: 'medium' },
          { description: 'Seal missing', severity: 'high' },
        ],
      });
      await createAction(page, { assetId: asset.id, title: 'Replace closer', priority: 'critical', assignee: 'Jo Fixer', targetDate: '2030-03-01' });
      await createAction(page, { assetId: asset.id, title: 'Refit seal', priority: 'low', status: 'in_progress' });
      await addPhoto(page, asset.id, 'Door from the stair');
      await page.goto(`/assets/${asset.id}`);
      await expect(heading(page, asset.assetId)).toBeVisible();

      await expect(page.getByRole('img', { name: `QR code for ${asset.assetId}` })).toBeVisible();
      await expect(page.getByLabel('Asset information')).toContainText('SER-123');
      await expectNoSeriousA11yViolations(page, 'asset detail, Details tab');

      await tab(page, 'Assessments (1)').click();
      await expect(page.getByTestId('defect')).toHaveCount(4);
      await expectNoSeriousA11yViolations(page, 'asset detail, Assessments tab');

      await tab(page, 'Actions (2)').click();
      await expect(page.getByTestId('action-card')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, 'asset detail, Actions tab');

      await tab(page, 'Media (1)').click();
      await expect(page.getByTestId('media-tile').getByRole('img', { name: 'Door from the stair' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'asset detail, Media tab');

      await tab(page, 'History').click();
      await expect(page.getByTestId('history-entry').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'asset detail, History tab');
    });

    test('asset detail: the Add Assessment, Add Action and Upload Photos dialogs', async ({ page }) => {
      await signUpViaApi(page);
      const location = await createLocation(page);
      const asset = await createAsset(page, { locationId: location.id, make: 'Daikin' });
      await page.goto(`/assets/${asset.id}`);
      await expect(heading(page, asset.assetId)).toBeVisible();

      await tab(page, 'Assessments (0)').click();
      const assessment = await openDialog(page, page.getByRole('button', { name: 'Add Assessment' }), 'Add Assessment');
      await assessment.getByRole('button', { name: 'Add defect' }).click();
      await expect(assessment.getByTestId('defect-row')).toHaveCount(1);
      // The photo widget (Uppy's Dashboard) is measured too, as it opens in the form.
      await assessment.getByRole('button', { name: 'Add photos' }).click();
      await expect(assessment.getByTestId('photo-uploader')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Add Assessment dialog');
      await closeDialog(page, assessment);

      await tab(page, 'Actions (0)').click();
      const action = await openDialog(page, page.getByRole('button', { name: 'Add Action' }), 'Create Action');
      await expectNoSeriousA11yViolations(page, 'Create Action dialog from the asset');
      await closeDialog(page, action);

      await tab(page, 'Media (0)').click();
      const upload = await openDialog(page, page.getByRole('button', { name: 'Upload Photo' }), 'Upload Photos');
      await expect(upload.getByTestId('photo-uploader')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Upload Photos dialog');
    });

    test('locations and the Add Location dialog', async ({ page }) => {
      await signUpViaApi(page);
      await createHierarchy(page, uniqueToken(''));
      await page.goto('/locations');
      await expect(heading(page, 'Locations')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Area' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'locations');

      const dialog = await openDialog(page, page.getByRole('button', { name: 'Add Location' }).first(), 'Add Location');
      await dialog.getByLabel('Type').selectOption('building');
      await expect(dialog.getByRole('combobox', { name: 'Parent' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Add Location dialog');

      await dialog.getByLabel('Type').selectOption('organisation');
      await dialog.getByLabel('Name').fill(uniqueToken('Estate '));
      await dialog.getByRole('button', { name: 'Create Location' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('toast')).toContainText('Location created');
      await expectNoSeriousA11yViolations(page, 'locations with a toast');
    });

    test('actions list and the Create Action dialog', async ({ page }) => {
      await signUpViaApi(page);
      const token = uniqueToken('Fix ');
      const location = await createLocation(page);
      const asset = await createAsset(page, { locationId: location.id });
      // Every priority and status, so every badge colour is measured.
      const statuses = ['open', 'in_progress', 'waiting', 'completed', 'verified', 'closed'] as const;
      const priorities = ['critical', 'high', 'medium', 'low'] as const;
      for (const [index, status] of statuses.entries()) {
        await createAction(page, {
          title: `${token} ${status}`,
          status,
          priority: priorities[index % priorities.length],
          description: 'Remedial work found at the last inspection',
          ...(index === 0 ? { assetId: asset.id, assignee: 'Jo Fixer', targetDate: '2030-01-31' } : {}),
          // Past its date and not done: the Overdue badge and the red target line are measured too.
          ...(index === 1 ? { targetDate: '2025-05-10' } : {}),
        });
      }
      await page.goto(`/actions?search=${encodeURIComponent(token)}`);
      await expect(heading(page, 'Actions')).toBeVisible();
      await expect(page.getByTestId('action-card')).toHaveCount(statuses.length);
      await expect(page.getByTestId('overdue-badge')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'actions list');
      await page.getByRole('button', { name: 'Overdue only' }).click();
      await expect(page.getByTestId('action-card')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'actions list, overdue only');

      await openDialog(page, page.getByRole('button', { name: 'Create Action' }).first(), 'Create Action');
      await expectNoSeriousA11yViolations(page, 'Create Action dialog');
    });

    test('meters, a meter’s readings, and the Add Meter and Add Reading dialogs', async ({ page }) => {
      await signUpViaApi(page);
      const location = await createLocation(page);
      const meter = await createMeter(page, { locationId: location.id, multiplier: 2 });
      await recordReading(page, meter.id, 100, '2025-03-01T12:00:00Z');
      await recordReading(page, meter.id, 150, '2025-04-01T12:00:00Z', { notes: 'Quarterly read' });
      await recordReading(page, meter.id, 10, '2025-05-01T12:00:00Z', { confirmReset: true });
      await recordReading(page, meter.id, 40, '2025-06-01T12:00:00Z');
      await page.goto('/meters');
      await expect(heading(page, 'Meters')).toBeVisible();
      const card = page.getByTestId('meter-card').filter({ hasText: meter.meterNumber });
      await expect(card.getByTestId('meter-last-reading')).toContainText('40 kWh');
      await expectNoSeriousA11yViolations(page, 'meters');

      const add = await openDialog(page, page.getByRole('button', { name: 'Add Meter' }).first(), 'Add Meter');
      await expectNoSeriousA11yViolations(page, 'Add Meter dialog');
      await closeDialog(page, add);

      const reading = await openDialog(page, card.getByRole('button', { name: 'Add Reading' }), 'Add Reading');
      await expectNoSeriousA11yViolations(page, 'Add Reading dialog');
      await closeDialog(page, reading);

      const detail = await openDialog(page, card.getByRole('button', { name: 'View readings' }), `Meter ${meter.meterNumber}`);
      await expect(detail.getByTestId('reading-row')).toHaveCount(4);
      await expect(detail.getByTestId('consumption-chart')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'meter readings');
    });

    test("asset detail: the Compliance tab and its Add regime and Record inspection dialogs", async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const regimes = await regimesByKey(page);
      const location = await createLocation(page);
      const asset = await createAsset(page, { locationId: location.id, type: 'hvac' });
      const failed = await createObligation(page, { regimeId: regimes.gas_safety!.id, assetId: asset.id });
      await recordInspection(page, { obligationId: failed.id, performedOn: daysAgo(3), result: 'fail' });
      await createObligation(page, { regimeId: regimes.eicr!.id, assetId: asset.id });
      await page.goto(`/assets/${asset.id}`);
      await tab(page, 'Compliance').click();
      await expect(page.getByTestId('asset-obligation')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, 'Compliance tab');

      const add = await openDialog(page, page.getByRole('button', { name: 'Add regime' }), 'Add regime');
      await expectNoSeriousA11yViolations(page, 'Add regime dialog');
      await closeDialog(page, add);
      const record = await openDialog(page, page.getByRole('button', { name: `Record inspection: ${regimes.gas_safety!.name}` }), 'Record inspection');
      await expectNoSeriousA11yViolations(page, 'Record inspection dialog');
      await closeDialog(page, record);
    });

    test('an obligation’s History with evidence, and the evidence pickers of Record inspection and Add evidence', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager', fullName: 'Ada Manager' }));
      const api = page.context().request;
      const regimes = await regimesByKey(page);
      const location = await createLocation(page);
      const asset = await createAsset(page, { locationId: location.id, type: 'hvac' });
      const obligation = await createObligation(page, { regimeId: regimes.gas_safety!.id, assetId: asset.id });
      const first = await api.post('/api/inspections', { data: { obligationId: obligation.id, performedOn: daysAgo(20), result: 'fail', notes: 'Flue spillage' } });
      expect(first.status(), await first.text()).toBe(201);
      const firstId = ((await first.json()) as { id: string }).id;
      // A correction of it, so the Corrected marker is measured too, with a certificate and a photo.
      const second = await api.post('/api/inspections', {
        data: { obligationId: obligation.id, performedOn: daysAgo(20), result: 'pass', certificateNumber: 'GS-77', certificateExpiresOn: '2030-01-31', correctsId: firstId },
      });
      expect(second.status(), await second.text()).toBe(201);
      const inspectionId = ((await second.json()) as { id: string }).id;
      const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2f6f4f' } }).jpeg().toBuffer();
      for (const [filename, contentType, bytes] of [['certificate.pdf', 'application/pdf', minimalPdf()], ['flue.jpg', 'image/jpeg', photo]] as const) {
        const upload = await api.post('/api/objects/upload', { data: { filename, size: bytes.length, contentType } });
        const { uploadURL, key, headers } = (await upload.json()) as { uploadURL: string; key: string; headers: Record<string, string> };
        expect((await api.put(uploadURL, { headers, data: bytes })).ok()).toBe(true);
        const media = await api.post('/api/media', { data: { key, filename, inspectionId } });
        expect(media.status(), await media.text()).toBe(201);
      }
      await page.goto(`/assets/${asset.id}`);
      await tab(page, 'Compliance').click();
      const card = page.getByTestId('asset-obligation');
      await card.getByRole('button', { name: `History: ${regimes.gas_safety!.name}` }).click();
      await expect(card.getByTestId('inspection-entry')).toHaveCount(2);
      await expect(card.getByTestId('inspection-entry').nth(1)).toContainText('Corrected');
      await expect(card.getByRole('img', { name: 'Photo: flue.jpg' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'obligation History with evidence');

      const add = await openDialog(page, card.getByRole('button', { name: /^Add evidence/ }).first(), 'Add evidence');
      const chooser = page.waitForEvent('filechooser');
      await add.getByRole('button', { name: 'Add photos or PDFs' }).click();
      await (await chooser).setFiles([
        { name: 'letter.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not evidence') },
      ]);
      await expect(add.getByRole('alert')).toContainText('notes.txt is not a photo or a PDF');
      await expectNoSeriousA11yViolations(page, 'Add evidence dialog with a file chosen and one refused');
      await closeDialog(page, add);

      const record = await openDialog(page, page.getByRole('button', { name: `Record inspection: ${regimes.gas_safety!.name}` }), 'Record inspection');
      const recordChooser = page.waitForEvent('filechooser');
      await record.getByRole('button', { name: 'Add photos or PDFs' }).click();
      await (await recordChooser).setFiles([{ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: minimalPdf() }]);
      await expect(record.getByRole('list', { name: 'Chosen evidence' }).getByRole('listitem')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'Record inspection dialog with evidence chosen');
    });

    test('compliance: status cards, the matrix and the work list', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const token = uniqueToken('');
      const regimes = await regimesByKey(page);
      const region = await createPlace(page, { name: `Region ${token}`, type: 'region' });
      const site = await createPlace(page, { name: `Site ${token}`, type: 'site', parentId: region.id });
      const building = await createPlace(page, { name: `Building ${token}`, type: 'building', parentId: site.id });
      const asset = await createAsset(page, { locationId: building.id, type: 'hvac' });
      // One obligation of each colour the screen uses: overdue, failed, due soon, compliant, unknown.
      const overdue = await createObligation(page, { regimeId: regimes.gas_safety!.id, assetId: asset.id });
      await recordInspection(page, { obligationId: overdue.id, performedOn: daysAgo(400), result: 'pass' });
      const failed = await createObligation(page, { regimeId: regimes.eicr!.id, locationId: building.id });
      await recordInspection(page, { obligationId: failed.id, performedOn: daysAgo(1), result: 'fail' });
      const dueSoon = await createObligation(page, { regimeId: regimes.gas_safety!.id, locationId: building.id });
      await recordInspection(page, { obligationId: dueSoon.id, performedOn: daysAgo(350), result: 'pass' });
      const compliant = await createObligation(page, { regimeId: regimes.fire_risk_assessment!.id, locationId: building.id });
      await recordInspection(page, { obligationId: compliant.id, performedOn: daysAgo(10), result: 'pass' });
      await createObligation(page, { regimeId: regimes.fire_risk_assessment!.id, locationId: site.id });

      await page.goto(`/compliance?location=${site.id}`);
      await expect(heading(page, 'Compliance')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Obligations by location and regime' }).getByRole('row')).toHaveCount(3);
      await expect(page.getByTestId('obligation-item')).toHaveCount(5);
      await expectNoSeriousA11yViolations(page, 'compliance');

      await page.getByRole('button', { name: /^Overdue\b/ }).click();
      await expect(page.getByTestId('obligation-item')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'compliance with a status card pressed');
    });

    test('a location page with each tab, and the location tree opened and searched', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const token = uniqueToken('');
      const regimes = await regimesByKey(page);
      const region = await createPlace(page, { name: `AAA Region ${token}`, type: 'region' });
      const site = await createPlace(page, { name: `Site ${token}`, type: 'site', parentId: region.id });
      const building = await createPlace(page, { name: `Building ${token}`, type: 'building', parentId: site.id });
      const asset = await createAsset(page, { locationId: building.id, type: 'hvac' });
      const overdue = await createObligation(page, { regimeId: regimes.gas_safety!.id, assetId: asset.id });
      await recordInspection(page, { obligationId: overdue.id, performedOn: daysAgo(400), result: 'pass' });
      await createObligation(page, { regimeId: regimes.fire_risk_assessment!.id, locationId: site.id });
      await createMeter(page, { locationId: building.id });

      await page.goto(`/locations/${site.id}`);
      await expect(heading(page, `Site ${token}`)).toBeVisible();
      await expect(page.getByTestId('tree-node')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'location page');
      for (const [tab, label] of [['assets', 'location assets'], ['meters', 'location meters'], ['compliance', 'location compliance']] as const) {
        await page.goto(`/locations/${site.id}?tab=${tab}`);
        await expect(page.getByRole('tabpanel')).not.toBeEmpty();
        await expect(page.getByRole('tabpanel').locator('[aria-busy="true"], [role="status"]')).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, label);
      }

      await page.goto('/locations');
      await page.getByRole('button', { name: `Expand AAA Region ${token}` }).click();
      await expect(page.getByRole('list', { name: `In AAA Region ${token}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'location tree');
      await page.getByRole('searchbox', { name: 'Find a location' }).fill(`Building ${token}`);
      await expect(page.getByRole('list', { name: 'Matching locations' }).getByRole('link')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'location tree search');
    });

    test('the regimes screen and its Edit regime dialog', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      await page.goto('/compliance/regimes');
      await expect(heading(page, 'Inspection regimes')).toBeVisible();
      await expect(page.getByTestId('regime-card').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'regimes');
      const dialog = await openDialog(page, page.getByRole('button', { name: /^Edit / }).first(), 'Edit regime');
      await expectNoSeriousA11yViolations(page, 'Edit regime dialog');
      await closeDialog(page, dialog);
    });

    test('search with results', async ({ page }) => {
      await signUpViaApi(page);
      const token = uniqueToken('Qz');
      const location = await createLocation(page);
      const asset = await createAsset(page, { locationId: location.id, make: token, condition: 'unsafe' });
      await createAction(page, { title: `${token} replace`, assetId: asset.id, priority: 'critical' });
      await createAction(page, { title: `${token} check`, priority: 'low', status: 'waiting' });
      await createMeter(page, { locationId: location.id, meterNumber: `M-${token}` });
      await page.goto(`/search?q=${token}`);
      await expect(heading(page, 'Search')).toBeVisible();
      await expect(page.getByTestId('meter-result')).toHaveCount(1);
      await expect(page.getByTestId('action-result')).toHaveCount(2);
      await expectNoSeriousA11yViolations(page, 'search results');
    });

    test('reports', async ({ page }) => {
      await signUpViaApi(page);
      const location = await createLocation(page);
      await createAsset(page, { locationId: location.id });
      const exported = await page.context().request.post('/api/reports/export', {
        data: { reportType: 'asset_register', format: 'csv', locationId: location.id },
      });
      expect(exported.status(), await exported.text()).toBe(201);
      await page.goto('/reports');
      await expect(heading(page, 'Reports')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Recent exports' }).getByRole('listitem')).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'reports');
    });

    test('import: the upload, the mapping with its values, and a dry run with rows in error', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
      const csv = ['Asset No,Type,Condition,Location', `IMP-${uniqueToken('')},HVAC,Sparkling,North / Leeds`].join('\n');
      await page.goto('/import');
      await expect(heading(page, 'Import')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'import');
      await page.getByLabel(/Spreadsheet \(\.xlsx or \.csv/).setInputFiles({ name: 'register.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await expect(page.getByLabel('Import Condition into')).toHaveValue('condition');
      await page.getByText('Values read from the file').click();
      await expect(page.getByRole('region', { name: 'Condition values' })).toBeVisible();
      await startImportStep(page, page.getByRole('button', { name: 'Run dry run' }));
      await expect(page.getByTestId('count-error')).toHaveText('1', { timeout: 30_000 });
      await expectNoSeriousA11yViolations(page, 'import dry run');
    });

    test('users, their dialogs, invites and administrative changes', async ({ page, browser }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin', fullName: 'Ada Admin' }));
      const otherContext = await browser.newContext();
      const other = await signUpViaApi(await otherContext.newPage(), uniqueUser({ fullName: 'Uma User' }));
      await otherContext.close();
      await page.goto('/users');
      await expect(heading(page, 'Users')).toBeVisible();
      await page.getByLabel('Search users').fill(other.username);
      const row = page.getByTestId('user-row').filter({ hasText: other.username });
      await expect(row).toHaveCount(1);
      await expectNoSeriousA11yViolations(page, 'users');

      const deactivate = await openDialog(page, row.getByRole('button', { name: `Deactivate ${other.username}` }), 'Deactivate Uma User?');
      await expectNoSeriousA11yViolations(page, 'deactivate confirmation');
      await closeDialog(page, deactivate);

      const invite = await openDialog(page, page.getByRole('button', { name: 'Invite user' }), 'Invite user');
      await expectNoSeriousA11yViolations(page, 'Invite user dialog');
      await invite.getByRole('button', { name: 'Create invite link' }).click();
      const link = page.getByRole('dialog', { name: 'Invite link created' });
      await expect(link.getByTestId('one-time-link')).toHaveValue(/\/invite#token=/);
      await expectNoSeriousA11yViolations(page, 'invite link dialog');
      await closeDialog(page, link);

      await tab(page, 'Invites').click();
      await expect(page.getByTestId('invite-row').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'invites');
      await tab(page, 'Administrative changes').click();
      await expect(page.getByTestId('admin-audit-entry').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'administrative changes');
    });

    test("an area manager's Areas dialog, and their limited dashboard", async ({ page, browser }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      const site = await createLocation(page, `Depot ${uniqueToken('')}`);
      const managerContext = await browser.newContext({ ...size.use, reducedMotion: 'reduce' });
      const managerPage = await managerContext.newPage();
      const manager = await signUpViaApi(managerPage, uniqueUser({ role: 'area_manager', fullName: 'Arlo Area' }));
      await page.goto('/users');
      await page.getByLabel('Search users').fill(manager.username);
      const row = page.getByTestId('user-row').filter({ hasText: manager.username });
      await expect(row.getByTestId('user-areas')).toHaveText('Whole estate');

      const areas = await openDialog(page, row.getByRole('button', { name: `Areas of ${manager.username}` }), 'Areas of Arlo Area');
      await areas.getByLabel('Search locations').fill(site.name);
      await areas.getByRole('button', { name: `Add ${site.name}` }).click();
      await expect(areas.getByRole('button', { name: `Remove ${site.name}` })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'Areas dialog');
      await areas.getByRole('button', { name: 'Save areas' }).click();
      await expect(row.getByTestId('user-areas')).toHaveText(site.name);

      await managerPage.goto('/');
      await expect(heading(managerPage, 'Dashboard')).toBeVisible();
      await expect(managerPage.getByTestId('area-scope-notice')).toBeVisible();
      await expectNoSeriousA11yViolations(managerPage, 'limited dashboard');
      await managerContext.close();
    });

    test('settings and account, with the open-registration notice', async ({ page }) => {
      await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
      await page.goto('/settings');
      await expect(heading(page, 'Settings')).toBeVisible();
      await expect(page.getByTestId('open-registration-notice')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Permissions each role has' })).toBeVisible();
      // The Backups section, loaded: its status, schedule form and list.
      await expect(page.getByRole('form', { name: 'Backup schedule' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'settings');

      await page.goto('/account');
      await expect(heading(page, 'Your account')).toBeVisible();
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Current password is required')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'account, with validation messages');
    });

    test('invite sign-up, password reset and awaiting approval', async ({ page, browser }) => {
      const adminContext = await browser.newContext();
      await signUpViaApi(await adminContext.newPage(), uniqueUser({ role: 'org_admin' }));
      const created = await adminContext.request.post('/api/invites', { data: { role: 'asset_manager', email: '' } });
      expect(created.status(), await created.text()).toBe(201);
      const { url } = (await created.json()) as { url: string };
      await adminContext.close();

      await page.goto(url);
      await expect(page.getByTestId('invite-role')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'invite sign-up');
      await page.goto('/invite#token=not-a-real-token');
      await expect(page.getByText('This invite link is not valid or has expired.')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'invalid invite');

      await page.goto('/reset-password#token=not-a-real-token');
      await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByText('Password is required').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'reset password');

      // Approval mode is global to the server: the page is shown it (and the 202) without changing it.
      await page.route('**/api/registration', (route) => route.fulfill({ json: { mode: 'approval' } }));
      const applicant = uniqueUser();
      await page.route('**/api/register', (route) =>
        route.fulfill({
          status: 202,
          json: { id: 'pending', username: applicant.username, fullName: applicant.fullName, email: null, role: 'surveyor', createdAt: new Date().toISOString(), status: 'pending', permissions: {} },
        }),
      );
      await page.goto('/auth');
      await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
      await expect(page.getByText('Your role is a request')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'register in approval mode');
      await page.getByLabel('Full name').fill(applicant.fullName);
      await page.getByLabel('Username').fill(applicant.username);
      await page.getByLabel('Password').fill(applicant.password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { name: 'Awaiting approval' })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'awaiting approval');
    });

    test('the not-found page', async ({ page }) => {
      await signUpViaApi(page);
      await page.goto('/no-such-page');
      await expect(heading(page, '404 Page Not Found')).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'not found');
    });

    if (size.phone) {
      test('the slide-in sidebar', async ({ page }) => {
        await signUpViaApi(page);
        await page.goto('/');
        await expect(heading(page, 'Dashboard')).toBeVisible();
        await page.getByRole('button', { name: 'Toggle sidebar' }).click();
        const sheet = page.getByRole('dialog', { name: 'Main navigation' });
        await expect(sheet.getByRole('link', { name: 'Dashboard' })).toBeVisible();
        await expectNoSeriousA11yViolations(page, 'sidebar sheet');
      });
    }
  });
}
