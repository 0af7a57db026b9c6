import { expect, type Page } from '@playwright/test';

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
