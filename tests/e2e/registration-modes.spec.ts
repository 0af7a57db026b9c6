import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { signInViaForm, signUpViaApi, uniqueUser, type TestUser } from './helpers';

/**
 * Registration modes and the role matrix in Settings (issue 22, ADR 024). Both are global to the
 * server, so this file runs alone, after every other spec (the 'registration-modes' project in
 * playwright.config.ts), one test at a time, and puts the server back to 'open' and the default
 * matrix after each test. To run it by itself: npx playwright test tests/e2e/registration-modes.spec.ts --no-deps
 */

test.describe.configure({ mode: 'serial' });

const toastWith = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
const userRow = (page: Page, username: string) => page.getByTestId('user-row').filter({ hasText: `@${username}` });

let adminContext: BrowserContext;
let adminApi: APIRequestContext;

test.beforeAll(async ({ browser }) => {
  // Registered while the server is open (its default): the org admin who changes the settings.
  adminContext = await browser.newContext();
  const page = await adminContext.newPage();
  await signUpViaApi(page, uniqueUser({ role: 'org_admin', fullName: 'Mode Admin' }));
  adminApi = adminContext.request;
});

test.afterEach(async () => {
  // Whatever a test did, the next test (and anything run after this file) finds the defaults.
  const res = await adminApi.patch('/api/settings', { data: { registrationMode: 'open', withdrawn: { asset_manager: [], surveyor: [], area_manager: [] } } });
  expect(res.status(), await res.text()).toBe(200);
});

test.afterAll(async () => {
  await adminContext.close();
});

/** Chooses a registration mode in Settings as the admin and saves. */
async function chooseMode(page: Page, label: RegExp) {
  await page.goto('/settings');
  await page.getByRole('radio', { name: label }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toastWith(page, 'Settings saved')).toBeVisible();
}

async function adminPage(): Promise<Page> {
  return adminContext.newPage();
}

async function fillRegisterForm(page: Page, user: TestUser) {
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
}

test('approval: an applicant sees the awaiting-approval screen and cannot sign in until the admin approves them with a role', async ({ page }) => {
  const admin = await adminPage();
  await chooseMode(admin, /^Approval:/);
  // The notice is for open registration only.
  await expect(admin.getByTestId('open-registration-notice')).toHaveCount(0);

  const applicant = uniqueUser({ fullName: 'Abe Applicant' });
  await page.goto('/auth');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByText('Your role is a request: an organisation admin approves your account and decides your role.')).toBeVisible();
  await fillRegisterForm(page, applicant);
  await page.getByLabel('Role').selectOption('asset_manager');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your account is awaiting approval. An organisation admin will review it and decide your role.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await signInViaForm(page, applicant);
  await expect(toastWith(page, 'Login failed')).toContainText('Your account is awaiting approval by an organisation admin.');

  // Pending accounts come first, with the role they asked for.
  await admin.goto('/users');
  await expect(admin.getByTestId('user-row').first()).toHaveAttribute('data-status', 'pending');
  await admin.getByLabel('Search users').fill(applicant.username);
  const row = userRow(admin, applicant.username);
  await expect(row.getByTestId('user-status')).toHaveText('Awaiting approval');
  await expect(row.getByTestId('user-role-label')).toContainText('requested Asset Manager');
  await row.getByRole('button', { name: `Approve ${applicant.username}` }).click();
  const approve = admin.getByRole('dialog', { name: 'Approve Abe Applicant' });
  await expect(approve.getByLabel('Role')).toHaveValue('asset_manager');
  await approve.getByLabel('Role').selectOption('area_manager');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(toastWith(admin, 'Account approved')).toContainText('Area/Depot Manager');
  await expect(row.getByTestId('user-status')).toHaveText('Active');

  await signInViaForm(page, applicant);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('user-role')).toHaveText('area manager');
});

test('approval: the admin rejects an application and the account is gone', async ({ page }) => {
  const admin = await adminPage();
  await chooseMode(admin, /^Approval:/);
  const applicant = uniqueUser({ fullName: 'Rex Rejected' });
  const res = await page.context().request.post('/api/register', { data: applicant });
  expect(res.status(), await res.text()).toBe(202);

  await admin.goto('/users');
  await admin.getByLabel('Search users').fill(applicant.username);
  const row = userRow(admin, applicant.username);
  await row.getByRole('button', { name: `Reject ${applicant.username}` }).click();
  await admin.getByRole('dialog', { name: 'Reject Rex Rejected?' }).getByRole('button', { name: 'Reject' }).click();
  await expect(toastWith(admin, 'Application rejected')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('invite only: the sign-in page offers no sign-up and says so; an invite link still works', async ({ page, browser }) => {
  const admin = await adminPage();
  await chooseMode(admin, /^Invite only:/);
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(/Registration is by invitation only/)).toBeVisible();
  await expect(page.getByRole('button', { name: "Don't have an account? Sign up" })).toHaveCount(0);
  const refused = await page.context().request.post('/api/register', { data: uniqueUser() });
  expect(refused.status()).toBe(403);

  const created = await adminApi.post('/api/invites', { data: { role: 'surveyor', email: '' } });
  expect(created.status(), await created.text()).toBe(201);
  const { url } = (await created.json()) as { url: string };
  const context = await browser.newContext();
  const invitee = await context.newPage();
  const newcomer = uniqueUser({ fullName: 'Iris Invited' });
  await invitee.goto(url);
  await expect(invitee.getByTestId('invite-role')).toHaveText('You have been invited as Surveyor/Engineer.');
  await fillRegisterForm(invitee, newcomer);
  await invitee.getByRole('button', { name: 'Create account' }).click();
  await expect(invitee.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(invitee.getByTestId('user-role')).toHaveText('surveyor');
  await context.close();
});

test('closed: the create-account tab is gone and the page says why; the open-registration notice is gone too', async ({ page }) => {
  const admin = await adminPage();
  await admin.goto('/');
  await expect(admin.getByTestId('open-registration-notice')).toBeVisible();
  await chooseMode(admin, /^Closed:/);
  await expect(admin.getByTestId('open-registration-notice')).toHaveCount(0);

  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Registration is closed. Ask an organisation admin for an account.')).toBeVisible();
  await expect(page.getByRole('button', { name: "Don't have an account? Sign up" })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Create an account' })).toHaveCount(0);

  // Back to open: the form returns.
  await chooseMode(admin, /^Open:/);
  await expect(admin.getByTestId('open-registration-notice')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
});

test('withdrawing a permission in Settings hides its button from that role at once', async ({ browser }) => {
  const admin = await adminPage();
  const context = await browser.newContext();
  const surveyor = await context.newPage();
  await signUpViaApi(surveyor, uniqueUser());
  await surveyor.goto('/assets');
  // (A second Add Asset is in the empty state when the register has no assets yet.)
  await expect(surveyor.getByRole('button', { name: 'Add Asset' }).first()).toBeVisible();

  await admin.goto('/settings');
  const box = admin.getByRole('checkbox', { name: 'Surveyor/Engineer: Create assets', exact: true });
  await expect(box).toBeChecked();
  await box.uncheck();
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(toastWith(admin, 'Settings saved')).toBeVisible();
  await admin.reload();
  await expect(admin.getByRole('checkbox', { name: 'Surveyor/Engineer: Create assets', exact: true })).not.toBeChecked();

  await surveyor.reload();
  await expect(surveyor.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
  await expect(surveyor.getByRole('button', { name: 'Add Asset' })).toHaveCount(0);
  const refused = await surveyor.context().request.post('/api/assets', { data: { type: 'other', condition: 'good', locationId: '00000000-0000-0000-0000-000000000000' } });
  expect(refused.status()).toBe(403);
  await context.close();
});
