import { expect, type Locator, type Page } from '@playwright/test';
import type { Asset, CreateAssetInput } from '../../src/shared/contract/assets';
import type { Assessment, CreateAssessmentInput } from '../../src/shared/contract/assessments';
import type { Location } from '../../src/shared/contract/locations';

/**
 * Records for the asset end-to-end tests, created through the API with the page's session. Tests run
 * in parallel on one database, so every name carries a unique token and tests search for it.
 */
let counter = 0;
export function uniqueToken(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export async function createLocation(page: Page, name = uniqueToken('Site ')): Promise<Location> {
  const res = await page.context().request.post('/api/locations', { data: { name, type: 'site' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Location;
}

export async function createAsset(page: Page, data: Partial<CreateAssetInput> & { locationId: string }): Promise<Asset> {
  const res = await page.context().request.post('/api/assets', { data: { type: 'other', condition: 'good', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Asset;
}

export async function createAssessment(page: Page, data: CreateAssessmentInput): Promise<Assessment> {
  const res = await page.context().request.post('/api/assessments', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Assessment;
}

/** The page must not scroll sideways (phone layout). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export async function createAction(page: Page, data: Record<string, unknown> = {}): Promise<{ id: string; actionId: string; title: string }> {
  const res = await page.context().request.post('/api/actions', { data: { title: uniqueToken('Action '), priority: 'medium', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function createMeter(page: Page, data: Record<string, unknown> & { locationId: string }): Promise<{ id: string; meterNumber: string }> {
  const res = await page.context().request.post('/api/meters', { data: { meterNumber: uniqueToken('M-'), type: 'electricity', unit: 'kWh', ...data } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** A location of any level, under `parentId` when given. */
export async function createPlace(page: Page, data: { name: string; type: Location['type']; parentId?: string }): Promise<Location> {
  const res = await page.context().request.post('/api/locations', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Location;
}

/** The organisation's regime ids by key ('gas_safety', 'eicr', …), with their names. */
export async function regimesByKey(page: Page): Promise<Record<string, { id: string; name: string }>> {
  const res = await page.context().request.get('/api/compliance/regimes');
  expect(res.status(), await res.text()).toBe(200);
  const regimes = (await res.json()) as { id: string; key: string; name: string }[];
  return Object.fromEntries(regimes.map(({ id, key, name }) => [key, { id, name }]));
}

/** A regime put on an asset or a location (needs an org admin or an asset manager). */
export async function createObligation(
  page: Page,
  data: { regimeId: string; assetId?: string; locationId?: string; responsibleUserId?: string },
): Promise<{ id: string; status: string }> {
  const res = await page.context().request.post('/api/obligations', { data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

export async function recordInspection(page: Page, data: { obligationId: string; performedOn: string; result: 'pass' | 'pass_with_observations' | 'fail' }): Promise<void> {
  const res = await page.context().request.post('/api/inspections', { data });
  expect(res.status(), await res.text()).toBe(201);
}

/** The calendar date `days` before today, 'YYYY-MM-DD' (inspections may not be dated in the future). */
export function daysAgo(days: number): string {
  return new Date(Date.now() - days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * Presses an import's button (`Run dry run`, `Import N changes`) until the server takes it: it runs
 * one import at a time, whoever started it, and refuses another meanwhile (409, "Another import is
 * running…"), which other tests' imports may be on the shared server.
 */
export async function startImportStep(page: Page, button: Locator): Promise<void> {
  await expect(async () => {
    const answer = page.waitForResponse((r) => /\/api\/imports\/[^/]+\/(dry-run|commit)$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await button.click();
    expect((await answer).status(), 'another import was running').not.toBe(409);
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}
