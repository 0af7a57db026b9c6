import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';

/** Meters screen (spec §2 Meters, §5 Meter and Meter reading rules, §8 toasts). */

let counter = 0;
/** A suffix no other test (or parallel worker) uses: tests share one database. */
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

interface Site {
  id: string;
  name: string;
  path: string;
}
interface MeterRow {
  id: string;
  meterNumber: string;
}

async function createSite(page: Page): Promise<Site> {
  const name = `Meter Site ${unique()}`;
  const res = await page.context().request.post('/api/locations', { data: { name, type: 'site' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Site;
}

async function createMeter(page: Page, site: Site, data: Record<string, unknown> = {}): Promise<MeterRow> {
  const res = await page.context().request.post('/api/meters', {
    data: { meterNumber: `MTR-${unique()}`, type: 'electricity', unit: 'kWh', multiplier: 1, locationId: site.id, ...data },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as MeterRow;
}

async function recordReading(page: Page, meterId: string, reading: number, readingDate: string, extra: Record<string, unknown> = {}) {
  const res = await page.context().request.post('/api/meter-readings', { data: { meterId, reading, readingDate, ...extra } });
  expect(res.status(), await res.text()).toBe(201);
}

const meterCard = (page: Page, meterNumber: string) => page.getByTestId('meter-card').filter({ hasText: meterNumber });
const toastWith = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

async function pickLocation(page: Page, dialog: ReturnType<Page['getByRole']>, site: Site) {
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('textbox', { name: 'Search locations' }).fill(site.name);
  await page.getByRole('option', { name: new RegExp(site.name) }).click();
}

test.describe('meters', () => {
  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('shows the heading, and the empty state with an Add Meter button when there are no meters', async ({ page }) => {
    // The page has no filter and other tests add meters: this one check sees an empty list.
    await page.route('**/api/meters', (route) => (route.request().method() === 'GET' ? route.fulfill({ json: [] }) : route.continue()));
    await page.goto('/meters');
    await expect(page.getByRole('heading', { name: 'Meters', level: 1 })).toBeVisible();
    await expect(page.getByText('Utility meters and their readings')).toBeVisible();
    await expect(page.getByText('No meters configured')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Meter' })).toHaveCount(2);
    await expect(page.getByTestId('meter-card')).toHaveCount(0);
  });

  test('Add Meter: defaults, units that follow the type, the four validation messages, then a created meter card', async ({ page }) => {
    const site = await createSite(page);
    await page.goto('/meters');
    await page.getByRole('button', { name: 'Add Meter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Meter' });
    const type = dialog.getByLabel('Type');
    const unit = dialog.getByLabel('Unit');
    const multiplier = dialog.getByLabel('Multiplier');

    await expect(type).toHaveValue('electricity');
    await expect(type.locator('option:checked')).toHaveText('Electricity');
    await expect(unit).toHaveValue('kWh');
    await expect(multiplier).toHaveValue('1');
    await expect(multiplier).toHaveAttribute('type', 'number');
    await expect(multiplier).toHaveAttribute('min', '1');
    await expect(multiplier).toHaveAttribute('step', '1');

    await type.selectOption('gas');
    await expect(unit).toHaveValue('m³');
    await type.selectOption('water');
    await expect(unit).toHaveValue('L');
    await type.selectOption('electricity');
    await expect(unit).toHaveValue('kWh');

    // The select always holds a type; emptied here by script to prove its message is wired up.
    await type.evaluate((el: HTMLSelectElement) => {
      el.value = '';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await unit.fill('');
    await dialog.getByRole('button', { name: 'Create Meter' }).click();
    await expect(dialog.getByText('Meter number is required')).toBeVisible();
    await expect(dialog.getByText('Type is required')).toBeVisible();
    await expect(dialog.getByText('Unit is required')).toBeVisible();
    await expect(dialog.getByText('Location is required')).toBeVisible();

    const meterNumber = `MTR-${unique()}`;
    await dialog.getByLabel('Meter number').fill(meterNumber);
    await type.selectOption('electricity');
    await expect(unit).toHaveValue('kWh');
    await multiplier.fill('');
    await pickLocation(page, dialog, site);
    await expect(dialog.getByText('Location is required')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Create Meter' }).click();

    const toast = toastWith(page, 'Meter created');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('The meter has been added successfully');
    await expect(dialog).toBeHidden();

    // A blank multiplier falls back to 1, which the card does not show.
    const card = meterCard(page, meterNumber);
    await expect(card.getByTestId('meter-type')).toHaveText('Electricity');
    await expect(card.getByTestId('meter-unit')).toHaveText('kWh');
    await expect(card.getByTestId('meter-location')).toHaveText(site.path);
    await expect(card.getByTestId('meter-last-reading')).toHaveText('No readings yet');
    await expect(card.getByTestId('meter-multiplier')).toHaveCount(0);
    await expect(card).not.toContainText('×');
  });

  test('a meter with multiplier 10 shows it on its card', async ({ page }) => {
    const site = await createSite(page);
    await page.goto('/meters');
    await page.getByRole('button', { name: 'Add Meter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Meter' });
    const meterNumber = `MTR-${unique()}`;
    await dialog.getByLabel('Meter number').fill(meterNumber);
    await dialog.getByLabel('Type').selectOption('water');
    await dialog.getByLabel('Multiplier').fill('10');
    await pickLocation(page, dialog, site);
    await dialog.getByRole('button', { name: 'Create Meter' }).click();
    await expect(toastWith(page, 'Meter created')).toBeVisible();

    const card = meterCard(page, meterNumber);
    await expect(card.getByTestId('meter-type')).toHaveText('Water');
    await expect(card.getByTestId('meter-unit')).toHaveText('L');
    await expect(card.getByTestId('meter-multiplier')).toHaveText('× 10');
  });

  test('a duplicate meter number shows the Failed to create meter toast with the server message', async ({ page }) => {
    const site = await createSite(page);
    const existing = await createMeter(page, site);
    await page.goto('/meters');
    await page.getByRole('button', { name: 'Add Meter' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Meter' });
    await dialog.getByLabel('Meter number').fill(existing.meterNumber);
    await pickLocation(page, dialog, site);
    await dialog.getByRole('button', { name: 'Create Meter' }).click();

    const toast = toastWith(page, 'Failed to create meter');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(`Meter number ${existing.meterNumber} already exists`);
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog).toBeVisible();
  });

  test('Add Reading from a card records it, and a lower reading needs the meter-reset confirmation', async ({ page }) => {
    const site = await createSite(page);
    const meter = await createMeter(page, site);
    await page.goto('/meters');
    const card = meterCard(page, meter.meterNumber);

    await card.getByRole('button', { name: 'Add Reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reading' });
    const reading = dialog.getByLabel('Reading (kWh)');
    await expect(reading).toHaveAttribute('type', 'number');
    await expect(reading).toHaveAttribute('inputmode', 'numeric');
    await expect(reading).toHaveAttribute('min', '0');
    await expect(dialog.getByLabel('Reading date')).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // Explicit dates: two readings in the same minute would have no order between them.
    await dialog.getByLabel('Reading date').fill('2025-02-01T09:00');
    await reading.fill('12345');
    await dialog.getByLabel('Notes').fill('Main incomer');
    await dialog.getByRole('button', { name: 'Save Reading' }).click();

    const recorded = toastWith(page, 'Reading recorded');
    await expect(recorded).toBeVisible();
    await expect(recorded).toContainText('The meter reading has been saved');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('meter-last-reading')).toHaveText('Last reading: 12,345 kWh on 1 Feb 2025');

    // Lower than the previous reading: refused until confirmed as a meter reset.
    await card.getByRole('button', { name: 'Add Reading' }).click();
    await dialog.getByLabel('Reading date').fill('2025-02-02T09:00');
    await reading.fill('500');
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    const warning = dialog.getByTestId('lower-reading');
    await expect(warning).toContainText('Reading is lower than the previous reading (12,345 on 2025-02-01)');
    await expect(warning).toContainText('If the meter was replaced or rolled over, confirm it as a meter reset.');
    await expect(dialog).toBeVisible();
    await expect(toastWith(page, 'Failed to record reading')).toHaveCount(0);

    const confirm = dialog.getByRole('checkbox', { name: 'This meter was replaced or rolled over' });
    await expect(confirm).not.toBeChecked();
    await confirm.check();
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    await expect(toastWith(page, 'Reading recorded')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('meter-last-reading')).toHaveText('Last reading: 500 kWh on 2 Feb 2025');

    // Saved as a reset: the history marks it.
    await card.getByRole('button', { name: 'View readings' }).click();
    const detail = page.getByRole('dialog', { name: `Meter ${meter.meterNumber}` });
    const rows = detail.getByTestId('reading-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByTestId('reading-reset')).toHaveText('Reset');
    await expect(rows.nth(1)).toContainText('Main incomer');
    await expect(rows.nth(1).getByTestId('reading-consumption')).toHaveText('First reading');
  });

  test('a blank reading is saved as 0; a negative one shows the rule', async ({ page }) => {
    const site = await createSite(page);
    const meter = await createMeter(page, site, { type: 'gas', unit: 'm³' });
    await page.goto('/meters');
    const card = meterCard(page, meter.meterNumber);
    await card.getByRole('button', { name: 'Add Reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reading' });

    await dialog.getByLabel('Reading (m³)').fill('-5');
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    await expect(dialog.getByText('Reading must be a positive number')).toBeVisible();

    await dialog.getByLabel('Reading date').fill('');
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    await expect(dialog.getByText('Reading date is required')).toBeVisible();

    await dialog.getByLabel('Reading (m³)').fill('');
    await dialog.getByLabel('Reading date').fill('2026-01-15T09:30');
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    await expect(toastWith(page, 'Reading recorded')).toBeVisible();
    await expect(card.getByTestId('meter-last-reading')).toHaveText('Last reading: 0 m³ on 15 Jan 2026');
  });

  test('the detail lists readings newest first with consumption, and charts one bar per period', async ({ page }) => {
    const site = await createSite(page);
    const meter = await createMeter(page, site, { multiplier: 2 });
    await recordReading(page, meter.id, 100, '2025-03-01T12:00:00Z');
    await recordReading(page, meter.id, 150, '2025-04-01T12:00:00Z', { notes: 'Quarterly read' });
    await recordReading(page, meter.id, 230, '2025-05-01T12:00:00Z');
    await recordReading(page, meter.id, 10, '2025-06-01T12:00:00Z', { confirmReset: true });
    await recordReading(page, meter.id, 40, '2025-07-01T12:00:00Z');

    await page.goto('/meters');
    await meterCard(page, meter.meterNumber).getByRole('button', { name: 'View readings' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]meter=${meter.id}`));
    const detail = page.getByRole('dialog', { name: `Meter ${meter.meterNumber}` });
    const facts = detail.getByTestId('meter-facts');
    await expect(facts).toContainText('Electricity');
    await expect(facts).toContainText('× 2');
    await expect(facts).toContainText(site.path);

    // (this − previous) × 2; none for the first reading or the reset.
    const rows = detail.getByTestId('reading-row');
    await expect(rows.getByTestId('reading-value')).toHaveText(['40 kWh', '10 kWh', '230 kWh', '150 kWh', '100 kWh']);
    await expect(rows.getByTestId('reading-date')).toHaveText([/1 Jul 2025/, /1 Jun 2025/, /1 May 2025/, /1 Apr 2025/, /1 Mar 2025/]);
    await expect(rows.getByTestId('reading-consumption')).toHaveText([
      'Consumption: 60 kWh',
      /Reset/,
      'Consumption: 160 kWh',
      'Consumption: 100 kWh',
      'First reading',
    ]);
    await expect(rows.nth(3)).toContainText('Quarterly read');
    await expect(rows.nth(0)).toContainText('Recorded by Sam Surveyor');

    await expect(detail.getByRole('heading', { name: 'Consumption per period (kWh)' })).toBeVisible();
    const chart = detail.getByRole('img', { name: /^Consumption per period \(kWh\): 3 periods/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', /1 meter reset shown as a gap/);
    const bars = detail.getByTestId('consumption-bar');
    await expect(bars).toHaveCount(3);
    expect(await bars.evaluateAll((els) => els.map((el) => el.getAttribute('data-value')))).toEqual(['100', '160', '60']);
    await expect(chart.getByTestId('consumption-gap')).toHaveCount(1);

    // Add Reading from the detail refreshes the history and the chart.
    await detail.getByRole('button', { name: 'Add Reading' }).click();
    const add = page.getByRole('dialog', { name: 'Add Reading' });
    await add.getByLabel('Reading (kWh)').fill('100');
    await add.getByRole('button', { name: 'Save Reading' }).click();
    await expect(toastWith(page, 'Reading recorded')).toBeVisible();
    await expect(add).toBeHidden();
    await expect(rows).toHaveCount(6);
    await expect(rows.first().getByTestId('reading-consumption')).toHaveText('Consumption: 120 kWh');
    await expect(bars).toHaveCount(4);

    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(detail).toBeHidden();
    await expect(page).not.toHaveURL(/meter=/);
    await expect(meterCard(page, meter.meterNumber).getByTestId('meter-last-reading')).toHaveText(/^Last reading: 100 kWh on /);
  });

  test('/meters?meter=<id> opens that meter’s detail directly, and older readings load on demand', async ({ page }) => {
    const site = await createSite(page);
    const meter = await createMeter(page, site, { type: 'water', unit: 'L' });
    for (let day = 1; day <= 22; day++) {
      await recordReading(page, meter.id, day * 10, `2025-01-${String(day).padStart(2, '0')}T08:00:00Z`);
    }
    await page.goto(`/meters?meter=${meter.id}`);
    const detail = page.getByRole('dialog', { name: `Meter ${meter.meterNumber}` });
    await expect(detail).toBeVisible();
    const rows = detail.getByTestId('reading-row');
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByTestId('reading-value')).toHaveText('220 L');

    // Scrolling to the end of the history fetches the next page (the button is the fallback).
    await detail.getByTestId('load-more').scrollIntoViewIfNeeded();
    await expect(rows).toHaveCount(22);
    await expect(rows.last().getByTestId('reading-consumption')).toHaveText('First reading');
    await expect(detail.getByTestId('load-more')).toHaveCount(0);
    await expect(detail.getByTestId('consumption-bar')).toHaveCount(21);
  });

  test('an unknown meter id in the link says so', async ({ page }) => {
    await page.goto('/meters?meter=not-a-meter');
    const detail = page.getByRole('dialog', { name: 'Meter' });
    await expect(detail.getByRole('alert')).toHaveText('Meter not found');
  });
});

test.describe('meters on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    await signUpViaApi(page);
  });

  test('adds a reading from a card and reads the detail without the page scrolling sideways', async ({ page }) => {
    const site = await createSite(page);
    const meter = await createMeter(page, site, { multiplier: 5 });
    await recordReading(page, meter.id, 1000, '2025-09-01T07:00:00Z');
    await page.goto('/meters');
    const card = meterCard(page, meter.meterNumber);
    const box = await card.boundingBox();
    expect(box!.width).toBeGreaterThan(300);

    await card.getByRole('button', { name: 'Add Reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Reading' });
    const dialogBox = await dialog.boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.width).toBeLessThanOrEqual(390);
    await dialog.getByLabel('Reading (kWh)').fill('1200');
    await dialog.getByRole('button', { name: 'Save Reading' }).click();
    await expect(toastWith(page, 'Reading recorded')).toBeVisible();
    await expect(card.getByTestId('meter-last-reading')).toHaveText(/^Last reading: 1,200 kWh on /);

    await card.getByRole('button', { name: 'View readings' }).click();
    const detail = page.getByRole('dialog', { name: `Meter ${meter.meterNumber}` });
    await expect(detail.getByTestId('reading-row').first().getByTestId('reading-consumption')).toHaveText('Consumption: 1,000 kWh');
    await expect(detail.getByRole('button', { name: 'Add Reading' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
