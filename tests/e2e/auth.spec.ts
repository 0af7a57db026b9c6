import { expect, test } from '@playwright/test';
import { signUpViaApi, uniqueUser } from './helpers';

test.describe('sign-in and create-account page', () => {
  test('a signed-out visitor is sent to /auth, which shows the form and the three blurbs', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('button', { name: "Don't have an account? Sign up" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Multi-site asset registry' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Photo evidence & condition tracking' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compliance & reporting' })).toBeVisible();
  });

  test('creating an account lands on the dashboard with the user in the sidebar', async ({ page }) => {
    const user = uniqueUser({ fullName: 'Alice Mary Smith', role: 'asset_manager' });
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole('button', { name: 'Already have an account? Sign in' })).toBeVisible();

    const role = page.getByLabel('Role');
    await expect(role).toHaveValue('surveyor'); // Surveyor/Engineer preselected
    await expect(role.locator('option')).toHaveText(['Organisation Admin', 'Asset Manager', 'Surveyor/Engineer', 'Area/Depot Manager']);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');

    await page.getByLabel('Full name').fill(user.fullName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await role.selectOption('asset_manager');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Overview of your asset estate')).toBeVisible();
    await expect(page.getByTestId('user-initials')).toHaveText('AM');
    await expect(page.getByTestId('user-full-name')).toHaveText('Alice Mary Smith');
    await expect(page.getByTestId('user-role')).toHaveText('asset manager');
  });

  test('the create-account form shows each validation message', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await expect(page.getByText('Enter a valid email address')).toBeVisible();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a taken username shows the Registration failed toast', async ({ page }) => {
    const existing = uniqueUser();
    await page.context().request.post('/api/register', { data: existing });
    await page.context().clearCookies();

    await page.goto('/auth');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Username').fill(existing.username.toUpperCase());
    await page.getByLabel('Password').fill('another-long-password');
    await page.getByRole('button', { name: 'Create account' }).click();

    const toast = page.getByTestId('toast').filter({ hasText: 'Registration failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Username already exists');
  });

  test('a wrong password shows a destructive Login failed toast and stays on /auth', async ({ page }) => {
    const user = await signUpViaApi(page);
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const toast = page.getByTestId('toast').filter({ hasText: 'Login failed' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Invalid username or password');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sign out, protected pages redirect, then sign back in', async ({ page }) => {
    const user = await signUpViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/assets');
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('user-full-name')).toHaveText(user.fullName);
  });

  test('the sign-in button is disabled while the login is pending', async ({ page }) => {
    const user = await signUpViaApi(page);
    await page.context().clearCookies();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/auth');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    const submit = page.getByRole('button', { name: 'Sign in', exact: true });
    await submit.click();
    await expect(submit).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in user who opens /auth is sent to the dashboard', async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a protected page shows the centred spinner while the current user loads', async ({ page }) => {
    await signUpViaApi(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/meters');
    await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Meters' })).toBeVisible();
  });
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
