import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { anotherUser, signInViaApi, signInViaForm, signUpViaApi, uniqueUser } from './helpers';
import { createAsset, createLocation, expectNoHorizontalScroll, uniqueToken } from './fixtures';

/**
 * Users, roles and access control (issue 22, ADR 024), in the server's default 'open' registration
 * mode: the Users page, invites, password-reset links, the Account page, the open-registration
 * notice, and buttons that follow the role. Switching the registration mode is global to the server,
 * so those tests are in registration-modes.spec.ts, which runs alone after every other spec.
 */

const toastWith = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });
const userRow = (page: Page, username: string) => page.getByTestId('user-row').filter({ hasText: `@${username}` });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Opens /users as the signed-in admin, narrowed to one user (other tests add users in parallel). */
async function openUsersFor(page: Page, username: string) {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByLabel('Search users').fill(username);
  const row = userRow(page, username);
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('users and roles', () => {
  test('an org admin sees Users and Settings in the sidebar; a surveyor sees neither and is told why at /users', async ({ page, browser }) => {
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    await page.goto('/');
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Settings' })).toBeVisible();

    const surveyor = await anotherUser(browser);
    await surveyor.page.goto('/');
    await expect(surveyor.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(sidebar(surveyor.page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(sidebar(surveyor.page).getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await surveyor.page.goto('/users');
    await expect(surveyor.page.getByText('You do not have access to this page')).toBeVisible();
    await expect(surveyor.page.getByText('Your role may not manage users and invites.')).toBeVisible();
    await surveyor.page.context().close();
  });

  test('the admin lists a user with name, email, role, status and last sign-in, and changes their role', async ({ page, browser }) => {
    // Two people's sessions, the Users page, a role change and the audit trail: near 30 s on a loaded two-core machine.
    test.slow();
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    const other = await anotherUser(browser, { fullName: 'Rhea Rolechange' });
    const row = await openUsersFor(page, other.user.username);
    await expect(row).toContainText('Rhea Rolechange');
    await expect(row).toContainText(other.user.email);
    await expect(row.getByTestId('user-status')).toHaveText('Active');
    await expect(row.getByTestId('user-role-label')).toHaveText('Surveyor/Engineer');
    // Registering signs in: the last sign-in is a date, not "Never".
    await expect(row).toContainText('Last sign-in');
    await expect(row).not.toContainText('Never');

    // The role and status filters narrow the list.
    await page.getByLabel('Role', { exact: true }).selectOption('asset_manager');
    await expect(row).toHaveCount(0);
    await page.getByLabel('Role', { exact: true }).selectOption('surveyor');
    await expect(row).toHaveCount(1);
    await page.getByLabel('Status', { exact: true }).selectOption('deactivated');
    await expect(row).toHaveCount(0);
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await page.getByLabel('Role', { exact: true }).selectOption('all');

    await row.getByLabel(`Role of ${other.user.username}`).selectOption('asset_manager');
    await expect(toastWith(page, 'Role changed')).toContainText('Rhea Rolechange is now Asset Manager.');
    await expect(row.getByTestId('user-role-label')).toHaveText('Asset Manager');

    // The user's own session follows the new role at once.
    const me = await other.page.context().request.get('/api/user');
    expect(((await me.json()) as { role: string; permissions: Record<string, string> }).permissions['asset.delete']).toBe('any');
    await other.page.goto('/');
    await expect(other.page.getByTestId('user-role')).toHaveText('asset manager');

    // The change is in the administrative changes.
    await page.getByRole('tab', { name: 'Administrative changes' }).click();
    await expect(page.getByTestId('admin-audit-entry').filter({ hasText: other.user.username }).first()).toContainText('asset_manager');
    await other.page.context().close();
  });

  test('deactivating a user ends their live session: their next navigation lands on sign-in; reactivating lets them back', async ({ page, browser }) => {
    test.slow();
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    const other = await anotherUser(browser, { fullName: 'Dev Deactivated' });
    await other.page.goto('/');
    await expect(other.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    const row = await openUsersFor(page, other.user.username);
    await row.getByRole('button', { name: `Deactivate ${other.user.username}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate Dev Deactivated?' });
    await expect(confirm).toContainText('They are signed out at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toastWith(page, 'User deactivated')).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('Deactivated');

    // Still on the dashboard in the other browser; moving to another page finds the session gone.
    await sidebar(other.page).getByRole('link', { name: 'Assets' }).click();
    await expect(other.page).toHaveURL(/\/auth$/);
    await expect(other.page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signInViaForm(other.page, other.user);
    await expect(toastWith(other.page, 'Login failed')).toContainText('This account has been deactivated. Ask an organisation admin.');

    await row.getByRole('button', { name: `Reactivate ${other.user.username}` }).click();
    await page.getByRole('dialog', { name: 'Reactivate Dev Deactivated?' }).getByRole('button', { name: 'Reactivate' }).click();
    await expect(toastWith(page, 'User reactivated')).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText('Active');

    await signInViaForm(other.page, other.user);
    await expect(other.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await other.page.context().close();
  });

  test('an invite link signs a new person up with the invited role; the invite then shows as used, and an open one can be revoked', async ({ page, browser }) => {
    test.slow();
    const admin = await signUpViaApi(page, uniqueUser({ role: 'org_admin', fullName: 'Ivy Inviter' }));
    await page.goto('/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    const email = `${uniqueToken('invitee')}@example.com`;
    await dialog.getByLabel('Role').selectOption('asset_manager');
    await dialog.getByLabel('Email (optional)').fill(email);
    await dialog.getByRole('button', { name: 'Create invite link' }).click();

    const shown = page.getByRole('dialog', { name: 'Invite link created' });
    const url = await shown.getByTestId('one-time-link').inputValue();
    expect(url).toMatch(/\/invite#token=.+/);
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible();
    await shown.getByRole('button', { name: 'Done' }).click();
    const invite = page.getByTestId('invite-row').filter({ hasText: email });
    await expect(invite.getByTestId('invite-state')).toHaveText('Open');
    await expect(invite).toContainText(`by ${admin.fullName}`);

    // Someone else, signed out, opens the link.
    const context = await browser.newContext();
    const invitee = await context.newPage();
    const newcomer = uniqueUser({ fullName: 'Nia Newcomer' });
    await invitee.goto(url);
    await expect(invitee.getByTestId('invite-role')).toHaveText('You have been invited as Asset Manager.');
    await expect(invitee.getByLabel('Role')).toHaveCount(0);
    await expect(invitee.getByLabel('Email')).toHaveValue(email);
    await invitee.getByLabel('Full name').fill(newcomer.fullName);
    await invitee.getByLabel('Username').fill(newcomer.username);
    await invitee.getByLabel('Password').fill(newcomer.password);
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await expect(invitee.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(invitee.getByTestId('user-full-name')).toHaveText('Nia Newcomer');
    await expect(invitee.getByTestId('user-role')).toHaveText('asset manager');

    // Used once: the same link no longer works.
    await context.clearCookies();
    await invitee.goto('/auth');
    await invitee.goto(url);
    await expect(invitee.getByText('This invite link is not valid or has expired.')).toBeVisible();
    await expect(invitee.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
    await context.close();

    await page.reload();
    await page.getByRole('tab', { name: 'Invites' }).click();
    await expect(invite.getByTestId('invite-state')).toHaveText('Used');
    await expect(invite).toContainText('used by Nia Newcomer');

    // A second invite, revoked before use.
    await page.getByRole('button', { name: 'Invite user' }).click();
    const revokedEmail = `${uniqueToken('revoked')}@example.com`;
    await page.getByRole('dialog', { name: 'Invite user' }).getByLabel('Email (optional)').fill(revokedEmail);
    await page.getByRole('dialog', { name: 'Invite user' }).getByRole('button', { name: 'Create invite link' }).click();
    const revokedUrl = await page.getByRole('dialog', { name: 'Invite link created' }).getByTestId('one-time-link').inputValue();
    await page.getByRole('dialog', { name: 'Invite link created' }).getByRole('button', { name: 'Done' }).click();
    const toRevoke = page.getByTestId('invite-row').filter({ hasText: revokedEmail });
    await toRevoke.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke this invite?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(toRevoke.getByTestId('invite-state')).toHaveText('Revoked');
    await expect(toRevoke.getByRole('button', { name: 'Revoke' })).toHaveCount(0);
    const lookup = await page.context().request.post('/api/invites/lookup', { data: { token: new URL(revokedUrl).hash.replace('#token=', '') } });
    expect(lookup.status()).toBe(404);
  });

  test('a password-reset link lets the user choose a new password; the old one stops working', async ({ page, browser }) => {
    test.slow();
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    const other = await anotherUser(browser, { fullName: 'Pat Forgetful' });
    await other.page.context().close();

    const row = await openUsersFor(page, other.user.username);
    await row.getByRole('button', { name: `Reset password of ${other.user.username}` }).click();
    const shown = page.getByRole('dialog', { name: 'Password reset link for Pat Forgetful' });
    const url = await shown.getByTestId('one-time-link').inputValue();
    expect(url).toMatch(/\/reset-password#token=.+/);
    await shown.getByRole('button', { name: 'Done' }).click();

    const context = await browser.newContext();
    const visitor = await context.newPage();
    await visitor.goto(url);
    await visitor.getByLabel('New password', { exact: true }).fill('lantern-harbour-7731');
    await visitor.getByLabel('Confirm new password').fill('lantern-harbour-7732');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByText('The passwords do not match')).toBeVisible();
    await visitor.getByLabel('Confirm new password').fill('lantern-harbour-7731');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByText('Password changed. Sign in with your new password.')).toBeVisible();

    await visitor.getByRole('link', { name: 'Go to sign in' }).click();
    await signInViaForm(visitor, other.user);
    await expect(toastWith(visitor, 'Login failed')).toBeVisible();
    await signInViaForm(visitor, { username: other.user.username, password: 'lantern-harbour-7731' });
    await expect(visitor.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

    // A link works once.
    await context.clearCookies();
    await visitor.goto('/auth');
    await visitor.goto(url);
    await visitor.getByLabel('New password', { exact: true }).fill('another-lantern-1234');
    await visitor.getByLabel('Confirm new password').fill('another-lantern-1234');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByRole('alert').filter({ hasText: /not valid|expired/ })).toBeVisible();
    await context.close();
  });

  test('the open-registration notice shows to org admins and links to Settings; a surveyor never sees it', async ({ page, browser }) => {
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    await page.goto('/assets');
    const notice = page.getByTestId('open-registration-notice');
    await expect(notice).toHaveText(/Registration is open: anyone who can reach this server can sign up with any role, including Organisation Admin\./);
    await notice.getByRole('link', { name: /Change/ }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Open:/ })).toBeChecked();
    // Not dismissible: still there on the next page.
    await page.goto('/');
    await expect(notice).toBeVisible();

    const surveyor = await anotherUser(browser);
    await surveyor.page.goto('/');
    await expect(surveyor.page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(surveyor.page.getByTestId('open-registration-notice')).toHaveCount(0);
    await surveyor.page.context().close();
  });

  test('the Settings page shows each role × permission, "own records" where the default is own, and unavailable cells', async ({ page }) => {
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    for (const label of ['Open: anyone', 'Approval: anyone', 'Invite only:', 'Closed: no new accounts']) {
      await expect(page.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeVisible();
    }
    const table = page.getByRole('table', { name: 'Permissions each role has' });
    await expect(table.getByRole('columnheader')).toHaveText(['Permission', 'Asset Manager', 'Surveyor/Engineer', 'Area/Depot Manager']);
    await expect(table.getByRole('checkbox', { name: 'Asset Manager: Delete assets', exact: true })).toBeChecked();
    await expect(table.getByRole('checkbox', { name: 'Surveyor/Engineer: Edit assets (own records)' })).toBeChecked();
    await expect(table.getByRole('checkbox', { name: /^Surveyor\/Engineer: Delete assets/ })).toHaveCount(0);
    await expect(table.getByText('Surveyor/Engineer: Delete assets: not available to this role')).toBeAttached();
    // Administration is not adjustable.
    await expect(table.getByText('Manage users and invites')).toHaveCount(0);
  });

  test('the Account page changes the name (the sidebar follows) and the password (other sessions end; the old password fails)', async ({ page, browser }) => {
    test.slow();
    const user = await signUpViaApi(page, uniqueUser({ fullName: 'Olga Original' }));
    // The same account signed in at another browser.
    const elsewhere = await browser.newContext();
    const elsewherePage = await elsewhere.newPage();
    await signInViaApi(elsewherePage, user);

    await page.goto('/');
    await sidebar(page).getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Olga Original');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);

    await page.getByLabel('Full name').fill('');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();
    await page.getByLabel('Full name').fill('Olga Renamed');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(toastWith(page, 'Account updated')).toBeVisible();
    await expect(page.getByTestId('user-full-name')).toHaveText('Olga Renamed');
    await expect(page.getByTestId('user-initials')).toHaveText('OR');

    // A wrong current password is reported on its field.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('quiet-meadow-5521');
    await page.getByLabel('Confirm new password').fill('quiet-meadow-5521');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('Confirm new password').fill('quiet-meadow-0000');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill('quiet-meadow-5521');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(toastWith(page, 'Password changed')).toContainText('signed out everywhere else');

    // This session stays; the other one has ended.
    await page.goto('/assets');
    await expect(page.getByRole('heading', { name: 'Assets', level: 1 })).toBeVisible();
    expect((await elsewherePage.context().request.get('/api/user')).status()).toBe(401);
    await elsewherePage.goto('/');
    await expect(elsewherePage).toHaveURL(/\/auth$/);

    // The old password no longer signs in; the new one does.
    await signInViaForm(elsewherePage, user);
    await expect(toastWith(elsewherePage, 'Login failed')).toBeVisible();
    await signInViaForm(elsewherePage, { username: user.username, password: 'quiet-meadow-5521' });
    await expect(elsewherePage.getByTestId('user-full-name')).toHaveText('Olga Renamed');
    await elsewhere.close();
  });
});

test.describe('buttons follow the role', () => {
  async function someonesAsset(page: Page) {
    const location = await createLocation(page);
    return createAsset(page, { locationId: location.id, make: uniqueToken('Owned') });
  }

  test("a surveyor viewing someone else's asset has no Delete and a disabled Edit that says why; on their own asset Edit works", async ({ page, browser }) => {
    const owner = await anotherUser(browser, { role: 'asset_manager' });
    const theirs = await someonesAsset(owner.page);
    await owner.page.context().close();

    await signUpViaApi(page);
    await page.goto(`/assets/${theirs.id}`);
    const header = page.getByTestId('asset-header');
    await expect(header.getByRole('heading', { name: theirs.assetId })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    const edit = header.getByRole('button', { name: 'Edit' });
    await expect(edit).toHaveAttribute('aria-disabled', 'true');
    await expect(edit).toHaveAccessibleDescription('Your role may edit assets only where you created the record.');
    // Pressing it (a phone has no hover) opens no form and shows why.
    await edit.click({ force: true });
    await expect(page.getByRole('tooltip')).toContainText('only where you created the record');
    await expect(page.getByRole('dialog', { name: 'Edit Asset' })).toHaveCount(0);

    // Their own asset: Edit opens the form; still no Delete.
    const mine = await someonesAsset(page);
    await page.goto(`/assets/${mine.id}`);
    await expect(header.getByRole('heading', { name: mine.assetId })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await header.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Asset' })).toBeVisible();
  });

  test("an asset manager sees Edit and Delete on anyone's asset", async ({ page, browser }) => {
    const owner = await anotherUser(browser);
    const theirs = await someonesAsset(owner.page);
    await owner.page.context().close();

    await signUpViaApi(page, uniqueUser({ role: 'asset_manager' }));
    await page.goto(`/assets/${theirs.id}`);
    const header = page.getByTestId('asset-header');
    await expect(header.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Edit' })).not.toHaveAttribute('aria-disabled', 'true');
    await header.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Asset' })).toBeVisible();
  });
});

/** A small JPEG stored as a photo of the asset, uploaded by the page's user. */
async function addPhoto(page: Page, assetId: string, caption: string): Promise<void> {
  const api = page.context().request;
  const photo = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#446688' } }).jpeg().toBuffer();
  const upload = await api.post('/api/objects/upload', { data: { filename: 'gauge.jpg', size: photo.length, contentType: 'image/jpeg' } });
  expect(upload.status(), await upload.text()).toBe(200);
  const { uploadURL, key, headers } = (await upload.json()) as { uploadURL: string; key: string; headers: Record<string, string> };
  const put = await api.put(uploadURL, { headers, data: photo });
  expect(put.ok(), await put.text()).toBe(true);
  const media = await api.post('/api/media', { data: { key, filename: 'gauge.jpg', caption, assetId } });
  expect(media.status(), await media.text()).toBe(201);
}

test.describe('photos follow the role', () => {
  test("a surveyor may delete the photos they uploaded, not someone else's; an asset manager may delete any", async ({ page, browser }) => {
    test.slow();
    const manager = await anotherUser(browser, { role: 'asset_manager' });
    const location = await createLocation(manager.page);
    const asset = await createAsset(manager.page, { locationId: location.id });
    await addPhoto(manager.page, asset.id, 'Manager photo');

    await signUpViaApi(page);
    await addPhoto(page, asset.id, 'Surveyor photo');
    await page.goto(`/assets/${asset.id}`);
    await page.getByRole('tab', { name: 'Media (2)' }).click();
    await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Surveyor photo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Manager photo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open Manager photo' }).click();
    const viewer = page.getByRole('dialog', { name: 'Manager photo' });
    await expect(viewer.getByRole('button', { name: 'Close' }).last()).toBeVisible();
    await expect(viewer.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await manager.page.goto(`/assets/${asset.id}`);
    await manager.page.getByRole('tab', { name: 'Media (2)' }).click();
    await expect(manager.page.getByRole('button', { name: 'Delete Surveyor photo' })).toBeVisible();
    await expect(manager.page.getByRole('button', { name: 'Delete Manager photo' })).toBeVisible();
    await manager.page.context().close();
  });
});

test.describe('users and account on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the Users page, its invite dialog, Settings and Account fit the screen', async ({ page, browser }) => {
    await signUpViaApi(page, uniqueUser({ role: 'org_admin' }));
    const other = await anotherUser(browser, { fullName: 'Phoebe Phone' });
    await other.page.context().close();

    const row = await openUsersFor(page, other.user.username);
    await expect(row.getByRole('button', { name: `Deactivate ${other.user.username}` })).toBeVisible();
    await expect(row.getByLabel(`Role of ${other.user.username}`)).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.getByRole('button', { name: 'Invite user' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite user' })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await expect(page.getByRole('table', { name: 'Permissions each role has' })).toBeVisible();
    await expectNoHorizontalScroll(page);

    // The account link is in the slide-in sidebar.
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Your account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

