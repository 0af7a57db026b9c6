import sharp from 'sharp';
import { expect, test, type Locator } from '@playwright/test';
import { anotherUser, signUpViaApi, uniqueUser, waitForOfflineApp } from './helpers';
import { createAsset, createLocation, createMeter } from './fixtures';

// The service worker is what makes the app open offline (blocked for the other specs in playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const ASSETS = 2;
const ASSESSMENTS_PER_ASSET = 10;
const METERS = 2;
const READINGS_PER_METER = 10;
/** Every other assessment gets a photo: 10 in all, 5 on each asset. */
const hasPhoto = (n: number) => n % 2 === 1;
const PHOTOS = ASSETS * (ASSESSMENTS_PER_ASSET / 2);

/** A phone photo's size (3000x2250, about 3 MB of noise, so a resized copy is smaller) with its own EXIF time and a GPS place. */
async function phonePhotos(count: number): Promise<Array<{ name: string; mimeType: string; buffer: Buffer; takenAt: string }>> {
  const { data, info } = await sharp({ create: { width: 3000, height: 2250, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photos = [];
  for (let i = 0; i < count; i++) {
    const minute = String(10 + i).padStart(2, '0');
    const buffer = await sharp(data, { raw: info })
      .withExif({
        IFD0: { Make: 'E2E Camera' },
        IFD2: { DateTimeOriginal: `2026:03:14 09:${minute}:00` },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 30/1' },
      })
      .jpeg({ quality: 80 })
      .toBuffer();
    photos.push({ name: `plant-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer, takenAt: `2026-03-14T09:${minute}:00.000Z` });
  }
  return photos;
}

/** Uppy's own file input in a Dashboard (not its folder or camera inputs). */
const fileInput = (scope: Locator) => scope.locator('input.uppy-Dashboard-input[name="files[]"]').first();

test('assessments, readings and photos recorded offline on a phone reach the server exactly once, through a replay cut twice and duplicated requests', async ({ page, context }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const assets = [];
  for (let i = 0; i < ASSETS; i++) assets.push(await createAsset(page, { locationId: site.id, subtype: `Plant ${i + 1}` }));
  const meters = [];
  for (let i = 0; i < METERS; i++) meters.push(await createMeter(page, { locationId: site.id }));
  const photos = await phonePhotos(PHOTOS);

  // One visit online: the app installs, and the records viewed are kept on the device.
  for (const asset of assets) {
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByRole('heading', { name: asset.assetId })).toBeVisible();
    await page.getByRole('tab', { name: /^Assessments/ }).click();
    await expect(page.getByRole('heading', { name: '0 assessments' })).toBeVisible();
  }
  await page.goto('/meters');
  for (const meter of meters) await expect(page.getByTestId('meter-card').filter({ hasText: meter.meterNumber })).toBeVisible();
  await waitForOfflineApp(page);

  // No signal: open the app and record everything, a photo with every other assessment.
  await context.setOffline(true);
  const capturedFrom = Date.now() - 60_000;
  let photoIndex = 0;
  for (const asset of assets) {
    await page.goto(`/assets/${asset.id}`);
    await expect(page.getByTestId('connection-banner')).toContainText('You are offline');
    await page.getByRole('tab', { name: /^Assessments/ }).click();
    const waiting = page.getByLabel('Assessments waiting to sync');
    for (let n = 1; n <= ASSESSMENTS_PER_ASSET; n++) {
      await page.getByRole('button', { name: 'Add Assessment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
      await dialog.getByLabel('Condition', { exact: true }).selectOption(n % 2 ? 'fair' : 'poor');
      await dialog.getByLabel('Notes').fill(`Visit note ${n}`);
      if (hasPhoto(n)) {
        await dialog.getByRole('button', { name: 'Add photos' }).click();
        await fileInput(dialog).setInputFiles(photos[photoIndex++]!);
        await expect(dialog.getByText('Kept on this device when you save, sent with the record')).toBeVisible();
      }
      await dialog.getByRole('button', { name: 'Save Assessment' }).click();
      await expect(dialog).toBeHidden();
      await expect(waiting.getByTestId('waiting-item')).toHaveCount(n);
      // The photo is kept with its assessment, and said so in the list.
      await expect(waiting.getByTestId('waiting-kept-with')).toHaveCount(Math.ceil(n / 2));
    }
    await expect(waiting.getByText('Waiting to sync').first()).toBeVisible();
    await expect(waiting.getByTestId('waiting-kept-with').first()).toHaveText(' · with 1 photo');
  }
  await page.goto('/meters');
  const typedDates: string[] = [];
  for (const [m, meter] of meters.entries()) {
    const card = page.getByTestId('meter-card').filter({ hasText: meter.meterNumber });
    for (let n = 1; n <= READINGS_PER_METER; n++) {
      await card.getByRole('button', { name: 'Add Reading' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Reading' });
      const date = `2025-03-${String(n).padStart(2, '0')}T0${m + 8}:30`;
      typedDates.push(date);
      await dialog.getByLabel('Reading date').fill(date);
      await dialog.getByLabel('Reading (kWh)').fill(String(1000 * n + m));
      await dialog.getByRole('button', { name: 'Save Reading' }).click();
      await expect(dialog).toBeHidden();
    }
  }
  const total = ASSETS * ASSESSMENTS_PER_ASSET + PHOTOS + METERS * READINGS_PER_METER;
  await expect(page.getByTestId('outbox-summary')).toContainText(`${total} items waiting to sync`);
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(total);
  const photoItems = page.locator('[data-testid="outbox-item"][data-kind="photo"]');
  await expect(photoItems).toHaveCount(PHOTOS);
  await expect(photoItems.first().getByTestId('outbox-parent')).toHaveText(`With Assessment of ${assets[0]!.assetId}: fair`);
  // Read before the resize: the time the photo was taken.
  await expect(photoItems.first()).toContainText('taken');
  await expect(photoItems.first()).toContainText('resized to');

  // The network returns, but flaky: every third write reaches the server twice. It drops twice: once
  // while a photo's bytes are on their way (they never arrive), once as the answer to the eighth
  // photo's record is on its way back (the server wrote it; the device does not know).
  let posts = 0;
  let puts = 0;
  /** Every PUT of a photo's bytes: its upload and the piece it carried (ADR 030). */
  const pieces: string[] = [];
  let mediaPosts = 0;
  let cuts = 0;
  const cut = async (route: Parameters<Parameters<typeof context.route>[1]>[0]) => {
    cuts += 1;
    await context.setOffline(true);
    return route.abort('internetdisconnected');
  };
  await context.route(
    (url) => ['/api/assessments', '/api/meter-readings', '/api/media'].includes(url.pathname) || url.pathname.startsWith('/api/objects/local/'),
    async (route) => {
      const request = route.request();
      if (request.method() === 'PUT') {
        puts += 1;
        pieces.push(`${new URL(request.url()).pathname} ${request.headers()['content-range']}`);
        // Forwarded untouched (its body is the file): only cut, never repeated here.
        return puts === 3 ? cut(route) : route.continue();
      }
      if (request.method() !== 'POST') return route.continue();
      posts += 1;
      const isMedia = new URL(request.url()).pathname === '/api/media';
      if (isMedia) mediaPosts += 1;
      const response = await route.fetch();
      if (posts % 3 === 0) await route.fetch();
      if (isMedia && mediaPosts === 8) return cut(route);
      return route.fulfill({ response });
    },
  );
  await context.setOffline(false);
  await expect.poll(() => cuts, { timeout: 60_000 }).toBe(1);
  const afterUploadCut = await page.getByTestId('outbox-item').count();
  expect(afterUploadCut).toBeGreaterThan(0);
  expect(afterUploadCut).toBeLessThan(total);

  await context.setOffline(false);
  await expect.poll(() => cuts, { timeout: 60_000 }).toBe(2);
  const afterAnswerLost = await page.getByTestId('outbox-item').count();
  expect(afterAnswerLost).toBeLessThan(afterUploadCut);
  expect(afterAnswerLost).toBeGreaterThan(0);

  // Back online: the rest is sent, the cut ones again with their keys, and replaying again sends nothing.
  await context.setOffline(false);
  await expect(page.getByTestId('outbox-item')).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByText('Nothing waiting')).toBeVisible();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await context.unroute('**');

  // The bytes went in pieces, and the upload cut on its way went on from the piece that was cut:
  // that piece is the only one sent twice.
  expect(pieces.every((piece) => / bytes \d+-\d+\/\d+$/.test(piece))).toBe(true);
  expect(pieces.some((piece) => !/ bytes 0-/.test(piece))).toBe(true);
  expect(pieces.length).toBe(new Set(pieces).size + 1);

  const server = page.context().request;
  let assessments = 0;
  let media = 0;
  const takenTimes: string[] = [];
  for (const asset of assets) {
    const list = (await (await server.get(`/api/assessments?assetId=${asset.id}`)).json()) as Array<{ id: string; assessedByName: string; assessedAt: string; conditionNotes: string }>;
    expect(list).toHaveLength(ASSESSMENTS_PER_ASSET);
    expect(new Set(list.map((a) => a.conditionNotes)).size).toBe(ASSESSMENTS_PER_ASSET);
    for (const a of list) {
      expect(a.assessedByName).toBe(user.fullName);
      // The time it was made on the device, not when it reached the server.
      expect(new Date(a.assessedAt).getTime()).toBeGreaterThanOrEqual(capturedFrom);
    }
    assessments += list.length;

    type StoredPhoto = { assessmentId: string | null; uploadedByName: string; takenAt: string | null; width: number; height: number; gpsLat: string; gpsLon: string };
    const photosOfAsset = (await (await server.get(`/api/media?assetId=${asset.id}`)).json()) as StoredPhoto[];
    expect(photosOfAsset).toHaveLength(ASSESSMENTS_PER_ASSET / 2);
    // Each linked to one of this asset's assessments, one photo to each assessment that had one.
    const withPhoto = list.filter((a) => hasPhoto(Number(a.conditionNotes.replace('Visit note ', ''))));
    expect(photosOfAsset.map((p) => p.assessmentId).sort()).toEqual(withPhoto.map((a) => a.id).sort());
    for (const p of photosOfAsset) {
      expect(p.uploadedByName).toBe(user.fullName);
      // Resized on the device to 2,048 px, with the EXIF time and place of the original.
      expect([p.width, p.height]).toEqual([2048, 1536]);
      expect([p.gpsLat, p.gpsLon]).toEqual(['51.5', '-0.125']);
      takenTimes.push(p.takenAt!);
    }
    media += photosOfAsset.length;
  }
  expect(takenTimes.sort()).toEqual(photos.map((p) => p.takenAt).sort());
  let readings = 0;
  const recordedDates: string[] = [];
  for (const meter of meters) {
    const list = (await (await server.get(`/api/meters/${meter.id}/readings?limit=200`)).json()) as Array<{ recordedByName: string; readingDate: string }>;
    expect(list).toHaveLength(READINGS_PER_METER);
    for (const r of list) {
      expect(r.recordedByName).toBe(user.fullName);
      recordedDates.push(r.readingDate);
    }
    readings += list.length;
  }
  expect([assessments, readings, media]).toEqual([ASSETS * ASSESSMENTS_PER_ASSET, METERS * READINGS_PER_METER, PHOTOS]);
  // Each reading kept the date typed on the device.
  const typedIso = typedDates.map((d) => new Date(d).toISOString()).sort();
  expect(recordedDates.map((d) => new Date(d).toISOString()).sort()).toEqual(typedIso);
  expect(posts).toBeGreaterThanOrEqual(total);
  expect(puts).toBeGreaterThan(PHOTOS);
});

test('an asset edited offline after someone else changed it lands in the Outbox with both versions, and keeping mine applies it', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id, make: 'Baxi', model: 'Duo' });
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { name: asset.assetId })).toBeVisible();
  await waitForOfflineApp(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Asset' });
  await dialog.getByLabel('Make', { exact: true }).fill('Worcester');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('outbox-summary')).toContainText('1 item waiting to sync');

  // Meanwhile, in the office, a colleague changes the same asset.
  const office = await anotherUser(browser, { role: 'asset_manager' });
  const theirs = await office.page.context().request.patch(`/api/assets/${asset.id}`, { data: { make: 'Vaillant' } });
  expect(theirs.status()).toBe(200);

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Open the Outbox' }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toHaveAttribute('data-status', 'conflict');
  const make = item.getByTestId('conflict-field').filter({ hasText: 'Make' });
  await expect(make).toContainText('Vaillant');
  await expect(make).toContainText('Worcester');
  // Not overwritten: the server still has the colleague's version.
  expect(((await (await page.context().request.get(`/api/assets/${asset.id}`)).json()) as { make: string }).make).toBe('Vaillant');

  await item.getByRole('button', { name: 'Keep mine' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  expect(((await (await page.context().request.get(`/api/assets/${asset.id}`)).json()) as { make: string; model: string })).toMatchObject({ make: 'Worcester', model: 'Duo' });
  await office.page.context().close();
});

test('a photo kept with an assessment the server refuses waits with it in the Outbox, and goes with it when discarded', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id });
  await page.goto(`/assets/${asset.id}`);
  await page.getByRole('tab', { name: /^Assessments/ }).click();
  await expect(page.getByRole('heading', { name: '0 assessments' })).toBeVisible();
  await waitForOfflineApp(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: /^Assessments/ }).click();
  await page.getByRole('button', { name: 'Add Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
  await dialog.getByLabel('Condition', { exact: true }).selectOption('poor');
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  const [photo] = await phonePhotos(1);
  await fileInput(dialog).setInputFiles(photo!);
  await dialog.getByRole('button', { name: 'Save Assessment' }).click();
  await expect(page.getByTestId('toast').getByText('Assessment with 1 photo saved on this device')).toBeVisible();
  await expect(page.getByTestId('outbox-summary')).toContainText('2 items waiting to sync');

  // Meanwhile the asset is deleted in the office: the assessment will be refused.
  const office = await anotherUser(browser, { role: 'asset_manager' });
  expect((await office.page.context().request.delete(`/api/assets/${asset.id}`)).status()).toBe(204);

  await context.setOffline(false);
  await page.goto('/outbox');
  const assessment = page.locator('[data-testid="outbox-item"][data-kind="assessment"]');
  const kept = page.locator('[data-testid="outbox-item"][data-kind="photo"]');
  await expect(assessment).toHaveAttribute('data-status', 'failed');
  await expect(kept).toHaveAttribute('data-status', 'waiting');
  await expect(kept.getByTestId('outbox-parent')).toContainText('not sent: this photo waits for it');
  // Sync now sends nothing of it: the photo still waits for its assessment.
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(kept).toHaveAttribute('data-status', 'waiting');

  await assessment.getByRole('button', { name: 'Discard with its 1 photo' }).click();
  await expect(page.getByTestId('outbox-item')).toHaveCount(0);
  await expect(page.getByText('Nothing waiting')).toBeVisible();
  await office.page.context().close();
});

test("photos added on an asset's Media tab offline are kept on the device and reach the server once the network returns", async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signUpViaApi(page, uniqueUser({ fullName: 'Fran Field', role: 'asset_manager' }));
  const site = await createLocation(page);
  const asset = await createAsset(page, { locationId: site.id });
  await page.goto(`/assets/${asset.id}`);
  await expect(page.getByRole('heading', { name: asset.assetId })).toBeVisible();
  await waitForOfflineApp(page);

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('tab', { name: /^Media/ }).click();
  // The list of photos is not kept on the device: the tab says so, calmly, and still takes photos.
  await expect(page.getByText('Photos show when the connection returns.', { exact: false })).toBeVisible();
  await expect(page.getByText('Could not load photos', { exact: false })).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  const photos = await phonePhotos(2);
  await fileInput(dialog).setInputFiles(photos);
  await dialog.getByRole('button', { name: 'Keep 2 photos on this device' }).click();
  await expect(dialog).toBeHidden();
  const waiting = page.getByLabel('Photos waiting to sync').getByTestId('waiting-item');
  await expect(waiting).toHaveCount(2);
  await expect(waiting.first()).toContainText(`Photo plant-1.jpg of ${asset.assetId}`);

  await context.setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  const stored = (await (await page.context().request.get(`/api/media?assetId=${asset.id}`)).json()) as Array<{ uploadedByName: string; takenAt: string; width: number }>;
  expect(stored).toHaveLength(2);
  for (const p of stored) expect([p.uploadedByName, p.width]).toEqual([user.fullName, 2048]);
  expect(stored.map((p) => p.takenAt).sort()).toEqual(photos.map((p) => p.takenAt).sort());
});
