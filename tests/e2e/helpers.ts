import { expect, type Browser, type Page } from '@playwright/test';

export interface TestUser {
  fullName: string;
  email: string;
  username: string;
  password: string;
  role: 'org_admin' | 'asset_manager' | 'surveyor' | 'area_manager';
}

let counter = 0;

/** A user no other test uses. */
export function uniqueUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullName: 'Sam Surveyor',
    email: `sam.${id}@example.com`,
    username: `sam_${id}`,
    password: 'field-notes-2026',
    role: 'surveyor',
    ...overrides,
  };
}

/** Registers through the API with the page's cookie jar, so the page is signed in. */
export async function signUpViaApi(page: Page, user: TestUser = uniqueUser()): Promise<TestUser> {
  const res = await page.context().request.post('/api/register', { data: user });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/** Signs the page's browser context in through the API. */
export async function signInViaApi(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  const res = await page.context().request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Signs in through the form on /auth. */
export async function signInViaForm(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * A second person at another browser (their own cookies), signed up through the API with the
 * role asked for. Close it with `page.context().close()`.
 */
export async function anotherUser(browser: Browser, overrides: Partial<TestUser> = {}): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUpViaApi(page, uniqueUser(overrides));
  return { page, user };
}

/**
 * Waits until the service worker has installed (every built file precached) and controls the page,
 * so the app then opens with no network (the offline specs, which allow service workers).
 */
export async function waitForOfflineApp(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}
