import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, launchBrowser, newPage, screenshot, viewports } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { BELLA } from '../unit/export/fixtures.js';
import { seedLocalRecording } from '../helpers/local-db.js';

/**
 * The Export Consultation card in real Chromium against the real server: a processed consultation is
 * seeded into the browser's VeldVetDB, selected, and exported by e-mail (to a real SMTP server), WhatsApp
 * (click-to-chat, the popup is caught) and PDF (the download is caught and read with pdftotext).
 */
const webDir = path.resolve('dist/web');
let server: TestServer;
let smtp: TestSmtpServer;
let browser: Browser;

function seedConsultation(page: Page): Promise<void> {
  return seedLocalRecording(page, {
    id: 'exportE2eRecording001',
    recordingTime: 372,
    preConsultationData: { patientName: 'Bella Rose', species: 'Dogs' },
    transcript: 'She has been vomiting since yesterday.',
    transcriptLanguage: 'en',
    clinicalData: BELLA,
  });
}

/** The visible toast holding this text (the live region repeats it for screen readers). */
const toastText = (page: Page, text: string | RegExp) => page.getByTestId('toast').getByText(text);

describe('export panel in Chromium', () => {
  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDir, 'index.html')))
      execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
    smtp = await startSmtpServer();
    server = await startTestServer({
      webDir,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'VeldVet <no-reply@veldvet.test>' },
    });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  it('e-mails, WhatsApps (prefilled from the last send) and downloads the PDF, with the spec toasts', async () => {
    const { page, context, close, unexpectedErrors } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.desktop,
      acceptDownloads: true,
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    // No internet here: WhatsApp's click-to-chat page is answered locally.
    await context.route('https://wa.me/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>WhatsApp</title>' }),
    );

    const registered = await context.request.post('/api/auth/register', {
      data: { email: 'export-e2e@example.co.za', password: 'secret1', practiceName: 'Karoo Vet Clinic' },
    });
    expect(registered.status()).toBe(200);
    await page.goto('/app');
    await seedConsultation(page);
    await page.reload();
    await page.getByRole('button', { name: 'View notes' }).first().click();
    await page.getByRole('heading', { name: 'Export Consultation' }).waitFor();
    for (const name of ['Send via WhatsApp', 'Email', 'Download PDF']) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    // pdfmake is not part of the first page load.
    expect(requested.filter((url) => /pdfmake|vfs_fonts/.test(url))).toEqual([]);

    // --- E-mail ---
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Email Consultation Summary' });
    await emailDialog.waitFor();
    const address = emailDialog.getByLabel('Email address');
    expect(await address.inputValue()).toBe('');
    expect(await emailDialog.getByLabel('Subject').inputValue()).toBe(
      'Consultation Summary - Bella Rose - 14/03/2026',
    );
    expect(await emailDialog.getByLabel('Attach full SOAP notes as PDF').isChecked()).toBe(true);
    expect(await emailDialog.getByLabel('Message', { exact: true }).inputValue()).toContain(
      'Dear Mrs van der Merwe,',
    );
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await toastText(page, 'Email required').waitFor();
    await toastText(page, 'Please enter an email address').waitFor();
    await address.fill('owner@example');
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await toastText(page, 'Invalid email').waitFor();
    await address.fill('owner@example.co.za');
    await emailDialog.getByLabel('Message language').selectOption('af');
    expect(await emailDialog.getByLabel('Message', { exact: true }).inputValue()).toContain(
      'Beste Mrs van der Merwe,',
    );
    await screenshot(page, 'export-email-dialog');
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await toastText(page, '✓ Email sent').waitFor();
    await emailDialog.waitFor({ state: 'detached' });
    const mail = await smtp.waitForMessage((m) => recipients(m).includes('owner@example.co.za'));
    expect(mail.subject).toBe('Consultation Summary - Bella Rose - 14/03/2026');
    expect(mail.text).toContain('Pasiënt: Bella Rose');
    expect(mail.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^Consultation_Bella_Rose_2026-03-14\.pdf$/),
    ]);

    await page.getByRole('button', { name: 'Email', exact: true }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'Email Consultation Summary' })
        .getByLabel('Email address')
        .inputValue(),
    ).toBe('owner@example.co.za');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // --- WhatsApp (click-to-chat: no Cloud API number configured) ---
    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
    const whatsapp = page.getByRole('dialog', { name: 'Send via WhatsApp' });
    await whatsapp.waitFor();
    const code = whatsapp.getByLabel('Country code');
    const phone = whatsapp.getByLabel('Phone number');
    expect(await code.inputValue()).toBe('+27');
    expect(await code.locator('option').allTextContents()).toEqual(['+27', '+1', '+44', '+91', '+61']);
    expect(await phone.getAttribute('placeholder')).toBe('82 123 4567');
    const preview = await whatsapp.getByLabel('Message preview').inputValue();
    expect(preview).toContain('Patient: Bella Rose');
    expect(preview).toContain('Plan:');
    await whatsapp.getByRole('button', { name: 'Send', exact: true }).click();
    await toastText(page, 'Phone number required').waitFor();
    await code.selectOption('+44');
    await phone.fill('07700 900-123');
    await whatsapp.getByLabel('Message preview').fill('Bella is doing well. Recheck in 3 days.');
    await screenshot(page, 'export-whatsapp-dialog');
    const popup = context.waitForEvent('page');
    await whatsapp.getByRole('button', { name: 'Send', exact: true }).click();
    const chat = await popup;
    expect(chat.url()).toBe(
      'https://wa.me/447700900123?text=Bella%20is%20doing%20well.%20Recheck%20in%203%20days.',
    );
    await chat.close();
    await toastText(page, '✓ WhatsApp sent').waitFor();
    await toastText(page, 'Consultation summary sent to +44 07700900123').waitFor();
    await whatsapp.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
    const reopened = page.getByRole('dialog', { name: 'Send via WhatsApp' });
    expect(await reopened.getByLabel('Country code').inputValue()).toBe('+44');
    expect(await reopened.getByLabel('Phone number').inputValue()).toBe('07700 900-123');
    await reopened.getByRole('button', { name: 'Cancel' }).click();

    // --- PDF ---
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Consultation_Bella_Rose_2026-03-14.pdf');
    await toastText(page, '✓ PDF downloaded').waitFor();
    await toastText(page, 'Consultation_Bella_Rose_2026-03-14.pdf').waitFor();
    fs.mkdirSync(artifactsDir, { recursive: true });
    const saved = path.join(artifactsDir, 'export-e2e-download.pdf');
    await download.saveAs(saved);
    const text = execFileSync('pdftotext', ['-layout', saved, '-']).toString('utf8');
    for (const expected of [
      'VeldVet Consultation Record',
      'Karoo Vet Clinic',
      'SUBJECTIVE (S)',
      'OBJECTIVE (O)',
      'ASSESSMENT (A)',
      'PLAN (P)',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(requested.some((url) => /pdfmake/.test(url))).toBe(true);
    await screenshot(page, 'export-panel');

    // Every export is in the audit log.
    const actions = await server.services.database.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'like', 'export.%')
      .execute();
    expect(actions.map((row) => row.action).sort()).toEqual([
      'export.email',
      'export.pdf',
      'export.whatsapp',
    ]);

    expect(unexpectedErrors()).toEqual([]);
    await close();
  });

  it('shows the failure toasts of section 8 for e-mail, WhatsApp and PDF', async () => {
    // No service worker: it would serve the pdfmake chunk from its cache, past the failure routed below.
    const { page, context, close } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.desktop,
      serviceWorkers: 'block',
    });
    await context.request.post('/api/auth/register', {
      data: { email: 'export-fail-e2e@example.co.za', password: 'secret1', practiceName: 'Karoo Vet Clinic' },
    });
    await page.goto('/app');
    await seedConsultation(page);
    await page.reload();
    await page.getByRole('button', { name: 'View notes' }).first().click();
    await page.getByRole('heading', { name: 'Export Consultation' }).waitFor();

    // The server refuses: its error is shown. The network fails: the connection message.
    await page.route('**/api/send-email', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The mail server did not accept the e-mail: 550 mailbox unavailable' }),
      }),
    );
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const emailDialog = page.getByRole('dialog', { name: 'Email Consultation Summary' });
    await emailDialog.getByLabel('Email address').fill('owner@example.co.za');
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await toastText(page, 'Unable to send email').waitFor();
    await toastText(page, 'The mail server did not accept the e-mail: 550 mailbox unavailable').waitFor();
    expect(await emailDialog.isVisible()).toBe(true); // stays open to try again
    await page.unroute('**/api/send-email');
    await page.route('**/api/send-email', (route) => route.abort('internetdisconnected'));
    await emailDialog.getByRole('button', { name: 'Send Email' }).click();
    await toastText(page, 'Email not sent').waitFor();
    await toastText(page, 'Please check connection and try again').waitFor();
    await emailDialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Send via WhatsApp' }).click();
    const whatsapp = page.getByRole('dialog', { name: 'Send via WhatsApp' });
    await whatsapp.getByLabel('Phone number').fill('82 123');
    await whatsapp.getByRole('button', { name: 'Send', exact: true }).click();
    await toastText(page, 'Unable to send').waitFor();
    await toastText(page, 'Invalid phone number for +27').waitFor();
    await page.route('**/api/send-whatsapp', (route) => route.abort('internetdisconnected'));
    await whatsapp.getByLabel('Phone number').fill('82 123 4567');
    await whatsapp.getByRole('button', { name: 'Send', exact: true }).click();
    await toastText(page, 'Please check connection and try again').waitFor();
    await whatsapp.getByRole('button', { name: 'Cancel' }).click();

    // pdfmake cannot be loaded (e.g. offline before the service worker cached it).
    await page.route(/\/assets\/(pdfmake|vfs_fonts)-[^/]+\.js$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.getByRole('button', { name: 'Download PDF' }).click();
    await toastText(page, 'Unable to generate PDF').waitFor();
    await toastText(page, 'Please try again').waitFor();
    await close();
  });

  it('saves practice settings from the header Settings button, never showing the password', async () => {
    const { page, context, close, unexpectedErrors } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.phone,
    });
    await context.request.post('/api/auth/register', {
      data: { email: 'settings-e2e@example.co.za', password: 'secret1', practiceName: 'Karoo Vet Clinic' },
    });
    await page.goto('/app');
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Practice Settings' }).waitFor();
    await page.getByLabel('Practice e-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastText(page, 'Invalid email').waitFor();
    await page.getByLabel('Practice e-mail').fill('reception@karoovet.co.za');
    await page.getByLabel('E-mail provider').selectOption('custom');
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('SMTP port').fill('587');
    await page.getByLabel('E-mail password').fill('app-password-123');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // The default server refuses loopback SMTP hosts (SSRF guard), and says why.
    await toastText(page, 'Save failed').waitFor();
    await toastText(page, /private or local address/).waitFor();
    await page.getByLabel('E-mail provider').selectOption('outlook');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await toastText(page, '✓ Settings saved').waitFor();
    expect(await page.getByLabel('E-mail password').inputValue()).toBe('');
    expect(await page.getByLabel('E-mail password').getAttribute('placeholder')).toBe(
      'Saved - type to replace',
    );
    await screenshot(page, 'settings-page');
    expect(await page.content()).not.toContain('app-password-123');
    expect(unexpectedErrors()).toEqual([]);
    await close();
  });
});
