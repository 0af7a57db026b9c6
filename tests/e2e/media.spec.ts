import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, expectNoHorizontalScroll } from './fixtures';

/**
 * Photo evidence (spec §2 Media tab, §5 photo upload, §8 widget messages): Uppy's Dashboard in the
 * Upload Photo dialog, the grid with its count, the full view, delete, and the restriction messages.
 */

/** A real JPEG (made here with sharp) whose EXIF says when it was taken. */
async function jpeg(colour = '#2f6f4f'): Promise<Buffer> {
  return sharp({ create: { width: 160, height: 120, channels: 3, background: colour } })
    .withExif({ IFD0: { Make: 'E2E Camera' }, IFD2: { DateTimeOriginal: '2026:03:14 09:30:00' } })
    .jpeg()
    .toBuffer();
}

const tab = (page: Page, name: RegExp | string) => page.getByRole('tab', { name });

/** Uppy's own file input in a Dashboard (not its folder or camera inputs). */
const fileInput = (scope: Locator) => scope.locator('input.uppy-Dashboard-input[name="files[]"]').first();

async function openAssetMedia(page: Page) {
  const location = await createLocation(page);
  const asset = await createAsset(page, { locationId: location.id });
  await page.goto(`/assets/${asset.id}`);
  await tab(page, 'Media (0)').click();
  return asset;
}

async function openUploadDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload Photo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Photos' });
  await expect(dialog.getByTestId('photo-uploader')).toBeVisible();
  return dialog;
}

test.describe('asset media', () => {
  test('uploads a photo from the Media tab, shows it in the grid with the count, opens it full size and deletes it', async ({ page }) => {
    await signUpViaApi(page, uniqueUser({ fullName: 'Pat Photographer' }));
    await openAssetMedia(page);
    await expect(page.getByRole('heading', { name: '0 photos' })).toBeVisible();

    const dialog = await openUploadDialog(page);
    await fileInput(dialog).setInputFiles({ name: 'boiler-plate.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    // Nothing starts by itself (autoProceed off): the file waits for the Upload button.
    const uploadButton = dialog.getByRole('button', { name: 'Upload 1 file' });
    await expect(uploadButton).toBeVisible();

    // A caption through the Dashboard's file card.
    await dialog.getByRole('button', { name: 'Edit file boiler-plate.jpg' }).click();
    await dialog.getByLabel('Caption').fill('Boiler data plate');
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    // One signed URL, declared with the file's size and type, then one single-part PUT.
    const signings: unknown[] = [];
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/objects/upload')) signings.push(request.postDataJSON());
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await uploadButton.click();
    await expect(dialog.getByText('Complete', { exact: true })).toBeVisible();
    expect(signings).toEqual([{ filename: 'boiler-plate.jpg', size: expect.any(Number), contentType: 'image/jpeg' }]);
    expect(puts).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByRole('heading', { name: '1 photo' })).toBeVisible();
    await expect(tab(page, 'Media (1)')).toBeVisible();
    const tiles = page.getByTestId('media-tile');
    await expect(tiles).toHaveCount(1);
    const thumbnail = tiles.first().getByRole('img', { name: 'Boiler data plate' });
    await expect(thumbnail).toBeVisible();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // Full size, with caption, uploader and the time the photo was taken (from its EXIF).
    await tiles.first().getByRole('button', { name: 'Open Boiler data plate' }).click();
    const viewer = page.getByRole('dialog', { name: 'Boiler data plate' });
    const full = viewer.getByRole('img', { name: 'Boiler data plate' });
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    const details = viewer.getByLabel('Photo details');
    await expect(details).toContainText('Pat Photographer');
    await expect(details).toContainText('14 Mar 2026');
    await expect(details).toContainText('boiler-plate.jpg');
    await viewer.getByRole('button', { name: 'Close' }).first().click();
    await expect(viewer).toBeHidden();

    // Delete, after a confirmation.
    await tiles.first().getByRole('button', { name: 'Delete Boiler data plate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this photo?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('toast')).toContainText('Photo deleted');
    await expect(page.getByRole('heading', { name: '0 photos' })).toBeVisible();
    await expect(page.getByText('No photos yet')).toBeVisible();
    await expect(tab(page, 'Media (0)')).toBeVisible();
  });

  test("shows the widget's own messages for a text file, an oversize file and an eleventh file", async ({ page }) => {
    await signUpViaApi(page);
    await openAssetMedia(page);
    const dialog = await openUploadDialog(page);
    const input = fileInput(dialog);

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    // (Uppy 6's Dashboard renders its message area twice, hence first().)
    await expect(dialog.getByText('You can only upload: image/*, video/*').first()).toBeVisible();

    await input.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(11 * 1024 * 1024, 0xff) });
    await expect(dialog.getByText('huge.jpg exceeds maximum allowed size of 10 MB').first()).toBeVisible();
    // Neither was added.
    await expect(dialog.getByRole('button', { name: /^Upload \d/ })).toHaveCount(0);

    // Eleven at once: Uppy refuses the batch; ten are fine.
    const photo = await jpeg('#884422');
    const photos = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `photo-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: photo }));
    await input.setInputFiles(photos(11));
    await expect(dialog.getByText('You can only upload 10 files').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Upload \d/ })).toHaveCount(0);
    await input.setInputFiles(photos(10));
    await expect(dialog.getByRole('button', { name: 'Upload 10 files' })).toBeVisible();
  });

  test('photos added in the Add Assessment dialog upload once the assessment is saved and join the Media tab', async ({ page }) => {
    await signUpViaApi(page);
    await openAssetMedia(page);
    await tab(page, 'Assessments (0)').click();
    await page.getByRole('button', { name: 'Add Assessment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Assessment' });
    await dialog.getByLabel('Condition').selectOption('poor');
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await fileInput(dialog).setInputFiles({ name: 'cracked-tile.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#aa3311') });
    await expect(dialog.getByText('Uploaded when you save')).toBeVisible();

    await dialog.getByRole('button', { name: 'Save Assessment' }).click();
    await expect(dialog).toBeHidden();
    await expect(tab(page, 'Assessments (1)')).toBeVisible();
    await expect(tab(page, 'Media (1)')).toBeVisible();
    await tab(page, 'Media (1)').click();
    await expect(page.getByTestId('media-tile').getByRole('img', { name: 'cracked-tile.jpg' })).toBeVisible();
  });

  test('a photo that fails to record keeps the Create Action dialog open on the saved action until Retry succeeds', async ({ page }) => {
    await signUpViaApi(page);
    await openAssetMedia(page);
    await tab(page, 'Actions (0)').click();
    await page.getByRole('button', { name: 'Add Action' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Action' });
    await dialog.getByLabel('Title', { exact: true }).fill('Replace cracked glazing');
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await fileInput(dialog).setInputFiles({ name: 'glazing.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#556677') });

    // The first attempt to record the uploaded photo fails on the server.
    let refusals = 0;
    await page.route('**/api/media', async (route) => {
      if (route.request().method() !== 'POST' || refusals > 0) return route.fallback();
      refusals++;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Database unavailable' }) });
    });

    await dialog.getByRole('button', { name: 'Create Action' }).click();
    await expect(page.getByTestId('toast')).toContainText('Action created');
    await expect(dialog.getByText('Failed to upload glazing.jpg').first()).toBeVisible();
    // The action exists: the form's buttons give way to Done, so it cannot be created twice.
    await expect(dialog.getByRole('button', { name: 'Create Action' })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByText('Complete', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    expect(refusals).toBe(1);
    await expect(tab(page, 'Actions (1)')).toBeVisible();
    await expect(tab(page, 'Media (1)')).toBeVisible();
  });

  test('uploads on a phone (390×844): the Dashboard fills the dialog', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpViaApi(page);
    await openAssetMedia(page);
    await expectNoHorizontalScroll(page);

    const dialog = await openUploadDialog(page);
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const dashboard = await dialog.locator('.uppy-Dashboard-inner').boundingBox();
    expect(dashboard!.width).toBeGreaterThan(340);
    expect(dashboard!.height).toBeGreaterThan(600);

    await fileInput(dialog).setInputFiles({ name: 'meter-dial.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#335577') });
    const uploadButton = dialog.getByRole('button', { name: 'Upload 1 file' });
    await expect(uploadButton).toBeInViewport();
    await uploadButton.click();
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByRole('heading', { name: '1 photo' })).toBeVisible();
    await expect(page.getByTestId('media-tile').getByRole('img', { name: 'meter-dial.jpg' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
