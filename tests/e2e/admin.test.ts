import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeAudio, saveBody } from '../api/recordings-fixtures.js';
import { registerUser } from '../helpers/auth.js';
import { horizontalOverflow, newPage, screenshot, viewports } from '../helpers/browser.js';
import { ApiClient } from '../helpers/http.js';
import type { TestServer } from '../helpers/server.js';
import { startWebApp } from '../helpers/web-app.js';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startWebApp());
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Account {
  email: string;
  password: string;
  practiceName: string;
  api: ApiClient;
  id: string;
}

/** A practice registered over the API (fast); the client keeps its session for seeding data as them. */
async function account(practiceName = 'Karoo Vet Clinic', admin = false): Promise<Account> {
  const api = new ApiClient(server.baseUrl);
  const registered = await registerUser(api, { practiceName, password: 'secret12' });
  if (admin)
    await server.services.database.db
      .updateTable('users')
      .set({ isAdmin: 1 })
      .where('id', '=', registered.user.id)
      .execute();
  return { ...registered, api, id: registered.user.id };
}

async function signIn(page: Page, who: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/app');
}

async function openAdmin(page: Page) {
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
  // The users have arrived once the loading row is gone.
  await page.getByText('Loading users...').waitFor({ state: 'detached' });
}

function userRow(page: Page, email: string): Locator {
  return page.locator(`[data-testid="user-row"][data-email="${email}"]`);
}

async function expectToast(page: Page, title: string, description: string) {
  // Both: two toasts in a row may share a title ('Retention updated'), and the first is still shown until
  // the second replaces it.
  const toast = page.getByTestId('toast').filter({ hasText: title }).filter({ hasText: description });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(description);
}

/** The number on a stat card, e.g. statValue(page, 'Total Users'). */
async function statValue(page: Page, label: string): Promise<number> {
  const card = page
    .getByRole('list', { name: 'System statistics' })
    .getByRole('listitem')
    .filter({ hasText: label });
  const text = await card.locator('p').nth(1).innerText();
  return Number(text.replace(/\D/g, ''));
}

async function waitForStat(page: Page, label: string, expected: number) {
  await expect.poll(() => statValue(page, label), { timeout: 10_000 }).toBe(expected);
}

describe('admin panel in Chromium', () => {
  it('shows the spec texts, searches, and keeps the own-row buttons disabled with reasons', async () => {
    const admin = await account('Admin Practice', true);
    const other = await account('Bushveld Animal Hospital');
    const { page, unexpectedErrors, close } = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, admin);
    await openAdmin(page);
    await page.getByText('Manage users and view system statistics').waitFor();
    for (const label of ['Total Users', 'Total Recordings', 'Active Practices'])
      await page.getByRole('list', { name: 'System statistics' }).getByText(label).waitFor();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    const table = page.getByRole('table').first();
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(
      ['Email', 'Practice Name', 'Recordings', 'Admin', 'Actions'].map((name) => name.toUpperCase()),
    );

    const own = userRow(page, admin.email);
    await own.getByText('You', { exact: true }).waitFor();
    const demoteSelf = own.getByRole('button', { name: 'Remove Admin' });
    const deleteSelf = own.getByRole('button', { name: 'Delete' });
    expect(await demoteSelf.isDisabled()).toBe(true);
    expect(await deleteSelf.isDisabled()).toBe(true);
    expect(await demoteSelf.getAttribute('title')).toBe(
      'You cannot remove your own admin rights. Ask another administrator to do it.',
    );
    expect(await deleteSelf.getAttribute('title')).toBe(
      'You cannot delete your own account while signed in as it. Ask another administrator.',
    );
    expect(await own.getByRole('img', { name: 'Admin' }).count()).toBe(1);
    // Another user's row is fully usable, and shows a dash for "not an admin".
    expect(await userRow(page, other.email).getByRole('button', { name: 'Make Admin' }).isEnabled()).toBe(
      true,
    );
    expect(await userRow(page, other.email).getByRole('button', { name: 'Delete' }).isEnabled()).toBe(true);
    expect(await userRow(page, other.email).getByText('—').first().isVisible()).toBe(true);

    const search = page.getByPlaceholder('Search by email or practice name...');
    await search.fill('BUSHVELD animal');
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await userRow(page, other.email).waitFor();
    await search.fill(other.email.toUpperCase());
    await expect.poll(() => page.getByTestId('user-row').count()).toBe(1);
    await search.fill('no-such-practice-xyz');
    await page.getByText('No users found matching your search').first().waitFor();
    await search.fill('');
    await userRow(page, admin.email).waitFor();
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('grants and removes admin on another user, with toasts, and the audit log records it', async () => {
    const admin = await account('Admin Practice', true);
    const other = await account('Overberg Vets');
    const { page, unexpectedErrors, close } = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, admin);
    await openAdmin(page);
    const row = userRow(page, other.email);

    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expectToast(page, 'Admin status updated', 'User admin status has been changed.');
    await row.getByRole('img', { name: 'Admin' }).waitFor();
    await row.getByRole('button', { name: 'Remove Admin' }).waitFor();
    const afterGrant = await server.services.database.db
      .selectFrom('users')
      .select('isAdmin')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(afterGrant.isAdmin).toBe(1);

    await row.getByRole('button', { name: 'Remove Admin' }).click();
    await expectToast(page, 'Admin status updated', 'User admin status has been changed.');
    await row.getByRole('button', { name: 'Make Admin' }).waitFor();
    expect(await row.getByRole('img', { name: 'Admin' }).count()).toBe(0);

    // The audit log, filtered to admin-flag changes, shows both, newest first.
    const audit = page.getByRole('region', { name: 'Audit Log', exact: true });
    await page.getByLabel('Action').selectOption('admin.user.set_admin');
    await page.getByLabel('Actor').fill(admin.email);
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(
        async () =>
          (await audit.getByTestId('audit-row').allInnerTexts()).filter((t) => t.includes(other.email))
            .length,
      )
      .toBe(2);
    const rows = await audit.getByTestId('audit-row').allInnerTexts();
    expect(rows.every((text) => text.includes('admin.user.set_admin') && text.includes(admin.email))).toBe(
      true,
    );
    expect(rows[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(rows[0]).toContain('to: false');
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it("shows the server's refusal when it will not change the admin flag", async () => {
    const admin = await account('Admin Practice', true);
    const other = await account('Refused Vets');
    // No service worker, so page.route sees the API call.
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl, serviceWorkers: 'block' });
    await signIn(page, admin);
    await openAdmin(page);
    await page.route('**/api/admin/users/*/set-admin', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'This is the last administrator. Make another user an admin first.' }),
      }),
    );
    await userRow(page, other.email).getByRole('button', { name: 'Make Admin' }).click();
    await expectToast(page, 'Update failed', 'Failed to update admin status');
    await page
      .getByRole('alert')
      .filter({ hasText: 'This is the last administrator. Make another user an admin first.' })
      .waitFor();
    await close();
  });

  it('deletes a user and their recordings after confirming; the stats drop', async () => {
    const admin = await account('Admin Practice', true);
    const victim = await account('Doomed Vets');
    const saved = await victim.api.post('/api/recordings/save', saveBody(fakeAudio('webm', 4096, 7)));
    expect(saved.status, await saved.clone().text()).toBe(200);

    const { page, unexpectedErrors, close } = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, admin);
    await openAdmin(page);
    const row = userRow(page, victim.email);
    expect(await row.locator('td').nth(1).innerText()).toBe('1');
    await waitForStat(page, 'Total Users', await page.getByTestId('user-row').count());
    const usersBefore = await statValue(page, 'Total Users');
    const recordingsBefore = await statValue(page, 'Total Recordings');
    expect(recordingsBefore).toBeGreaterThanOrEqual(1);

    // Cancel first: nothing happens.
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    await dialog
      .getByText(
        'This will permanently delete the user and all their recordings. This action cannot be undone.',
      )
      .waitFor();
    await dialog.getByText(victim.email).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await expectToast(page, 'User deleted', 'User and all their recordings have been deleted.');
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    await waitForStat(page, 'Total Users', usersBefore - 1);
    await waitForStat(page, 'Total Recordings', recordingsBefore - 1);

    // The server agrees: the account and its recordings are gone.
    const left = await server.services.database.db
      .selectFrom('recordings')
      .select('id')
      .where('practiceId', '=', victim.id)
      .execute();
    expect(left).toEqual([]);
    expect((await victim.api.get('/api/auth/me')).status).toBe(401);
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it("shows 'Delete failed' with the server's message when the delete is refused", async () => {
    const admin = await account('Admin Practice', true);
    const other = await account('Kept Vets');
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl, serviceWorkers: 'block' });
    await signIn(page, admin);
    await openAdmin(page);
    await page.route('**/api/admin/users/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              error: 'This is the last administrator. Make another user an admin first.',
            }),
          })
        : route.fallback(),
    );
    await userRow(page, other.email).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Are you sure?' })
      .getByRole('button', { name: 'Delete User' })
      .click();
    await expectToast(
      page,
      'Delete failed',
      '409: This is the last administrator. Make another user an admin first.',
    );
    await userRow(page, other.email).waitFor();
    await close();
  });

  it('sets retention years (minimum 3) and legal hold for a practice', async () => {
    const admin = await account('Admin Practice', true);
    const other = await account('Retention Vets');
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, admin);
    await openAdmin(page);
    const row = page.locator(`[data-testid="retention-row"][data-email="${other.email}"]`);
    const years = row.getByRole('spinbutton');
    await years.fill('2');
    await row.getByText('At least 3 years (SA Veterinary Council minimum)').waitFor();
    expect(await row.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await years.fill('9');
    await row.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Retention updated', `kept 9 years`);
    // The switch is drawn by its label (the checkbox itself is invisible), so a person clicks the label.
    await row.getByText('Legal hold', { exact: true }).click();
    await expectToast(page, 'Retention updated', 'Legal hold is on');
    await expect.poll(() => row.getByRole('switch', { name: 'Legal hold' }).isChecked()).toBe(true);
    const stored = await server.services.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ retentionYears: 9, legalHold: 1 });
    await close();
  });

  it('shows Access Denied to a signed-in non-admin', async () => {
    const user = await account('Plain Vets');
    const { page, close } = await newPage(browser, { baseURL: server.baseUrl });
    await signIn(page, user);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText('You need administrator privileges to access this page.').waitFor();
    expect(await page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(0);
    // The API refuses too, whatever the page shows.
    expect((await user.api.get('/api/admin/users')).status).toBe(403);
    await close();
  });

  it('fits phone and desktop widths: tables scroll inside their cards, with screenshots', async () => {
    const admin = await account('Admin Practice', true);
    await account('Drakensberg Mixed Practice With A Long Name');
    for (const [label, viewport] of Object.entries(viewports)) {
      const { page, unexpectedErrors, close } = await newPage(browser, { baseURL: server.baseUrl, viewport });
      await signIn(page, admin);
      await openAdmin(page);
      await page.getByTestId('audit-row').first().waitFor();
      // The sign-in toast would cover part of the shot (it may have timed out already on a slow run).
      await page
        .getByRole('button', { name: 'Dismiss notification' })
        .click({ timeout: 2000 })
        .catch(() => undefined);
      await page.getByTestId('toast').waitFor({ state: 'hidden' });
      expect(await horizontalOverflow(page), `admin-${label} scrolls sideways`).toBe(0);
      if (viewport.width < 500) {
        // On a phone each user is a card: nothing to scroll sideways, every action on screen.
        const scroller = page.getByRole('region', { name: 'Users table' });
        const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBe(0);
        for (const button of await page.getByTestId('user-row').getByRole('button').all()) {
          const box = (await button.boundingBox())!;
          expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        }
      }
      await screenshot(page, `admin-panel-${label}`);
      const row = userRow(page, admin.email);
      await row.scrollIntoViewIfNeeded();
      const other = page
        .getByTestId('user-row')
        .filter({ hasNot: page.getByText('You', { exact: true }) })
        .first();
      await other.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Are you sure?' }).waitFor();
      await screenshot(page, `admin-delete-dialog-${label}`);
      await page.keyboard.press('Escape');
      expect(unexpectedErrors()).toEqual([]);
      await close();
    }
  });
});
