import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, viewports } from '../helpers/browser.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { seedLocalRecording } from '../helpers/local-db.js';

/**
 * Issue 20 on the review screen in real Chromium: a farm consultation seeded into VeldVetDB shows its
 * withdrawal dates, blocks Save while a period is missing, lists the Rule 26 gaps, reminds of a notifiable
 * disease; the slip is e-mailed from the export panel to a real SMTP server and its PDF read with pdftotext.
 * Screenshots go to /work/notes/screens when that folder exists (issue 20's evidence).
 */
const webDir = path.resolve('dist/web');
const screens = '/work/notes/screens';
let server: TestServer;
let smtp: TestSmtpServer;
let browser: Browser;

const farmNotes = {
  consultationDate: '02/03/2026',
  consultationTime: '23:30',
  clientName: 'Van der Merwe Boerdery',
  patientName: 'Koei 73',
  species: 'Cattle',
  consultationType: 'Farm Visit',
  subjective: '- Two cows died suddenly last night\n- Koei 73 coughing for 3 days',
  objective: '- Temperature 40.1, harsh lung sounds\n- No sign of rabies',
  assessment: '- Bovine respiratory disease\n- Cannot rule out anthrax in the two dead cows',
  plan: '- Oxytetracycline LA 20 mg/kg IM given\n- Meloxicam 0.5 mg/kg SC\n- Recheck in 3 days',
};

function seed(page: Page, plan: string): Promise<void> {
  return seedLocalRecording(page, {
    id: 'farmReviewE2e0001',
    recordingTime: 412,
    preConsultationData: {
      clientName: 'Van der Merwe Boerdery',
      patientName: 'Koei 73',
      species: 'Cattle',
      consultationType: 'Farm Visit',
    },
    transcript: 'Koei 73 has been coughing. Two cows died suddenly last night.',
    transcriptLanguage: 'en',
    clinicalData: { ...farmNotes, plan },
  });
}

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!fs.existsSync(screens)) return;
  await page.screenshot({ path: path.join(screens, `${name}.png`), fullPage, animations: 'disabled' });
}

describe('farm review in Chromium (issue 20)', () => {
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

  for (const [label, viewport] of [
    ['phone', viewports.phone],
    ['desktop', viewports.desktop],
  ] as const) {
    it(`shows withdrawal, Rule 26 and the notifiable reminder; a missing period blocks Save (${label})`, async () => {
      const { page, context, close } = await newPage(browser, { baseURL: server.baseUrl, viewport });
      const registered = await context.request.post('/api/auth/register', {
        data: { email: `farm-${label}@example.co.za`, password: 'secret1', practiceName: 'Karoo Vets' },
      });
      expect(registered.status()).toBe(200);
      await page.goto('/app');
      await seed(page, farmNotes.plan);
      await page.reload();
      await page.getByRole('button', { name: 'View notes' }).first().click();
      const checks = page.getByTestId('farm-checks');
      await checks.waitFor();

      const reminder = page.getByTestId('notifiable-reminder');
      expect(await reminder.textContent()).toContain('Anthrax / Miltsiekte');
      expect(await reminder.textContent()).toContain('Animal Diseases Act');
      expect(await reminder.textContent()).toContain('Rabies / Hondsdolheid: mentioned as ruled out');
      const withdrawal = page.getByTestId('withdrawal-summary');
      expect(await withdrawal.textContent()).toContain('PERIOD NOT ENTERED');
      expect(await withdrawal.textContent()).toContain('No slaughter before: 18/03/2026'); // meloxicam, label
      const rule26 = await page.getByTestId('rule26').textContent();
      expect(rule26).toContain('Breed');
      expect(rule26).toContain('Age'); // 'coughing for 3 days' is a duration, not an age
      expect(rule26).not.toContain('Clinical findings');
      expect(
        await page
          .getByText(/Enter the withdrawal period in the Plan before saving: oxytetracycline \(meat, milk\)/)
          .count(),
      ).toBeGreaterThan(0);
      expect(await page.getByRole('button', { name: 'Save and Submit' }).isDisabled()).toBe(true);
      await shot(page, `review-farm-checks-${label}`);
      await close();
    });
  }

  it('sends the withdrawal slip by e-mail from the export panel once the period is entered', async () => {
    const { page, context, close } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.phone,
    });
    await context.request.post('/api/auth/register', {
      data: { email: 'farm-slip@example.co.za', password: 'secret1', practiceName: 'Karoo Vets' },
    });
    await page.goto('/app');
    await seed(page, `${farmNotes.plan}\n- Withdrawal oxytetracycline: meat 28 days, milk 7 days`);
    await page.reload();
    await page.getByRole('button', { name: 'View notes' }).first().click();
    await page.getByTestId('farm-checks').waitFor();
    expect(await page.getByRole('button', { name: 'Save and Submit' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: 'Withdrawal slip', exact: true }).click();
    const slipDialog = page.getByRole('dialog', { name: 'Withdrawal slip / Onttrekkingstrokie' });
    expect(await slipDialog.getByTestId('slip-preview').textContent()).toContain(
      'No slaughter before: 31/03/2026',
    );
    await shot(page, 'slip-dialog-phone', false); // the dialog is fixed to the viewport
    await slipDialog.getByRole('button', { name: 'Email', exact: true }).click();
    const email = page.getByRole('dialog', { name: 'Email withdrawal slip' });
    await email.getByLabel('Email address').fill('boer@example.co.za');
    await email.getByRole('button', { name: 'Send Email' }).click();
    const mail = await smtp.waitForMessage((m) => recipients(m).includes('boer@example.co.za'));
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: mail.attachments[0]!.content,
    }).toString('utf8');
    expect(text).toContain('Withdrawal slip / Onttrekkingstrokie');
    expect(text).toContain('31/03/2026');
    expect(text).toContain('10/03/2026');
    await close();
  });

  it('client instructions: in the language chosen for the client, remembered on the device, editable', async () => {
    const { page, context, close } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: viewports.phone,
    });
    await context.request.post('/api/auth/register', {
      data: { email: 'farm-instructions@example.co.za', password: 'secret1', practiceName: 'Karoo Vets' },
    });
    await page.goto('/app');
    await seed(page, farmNotes.plan);
    await page.reload();
    await page.getByRole('button', { name: 'View notes' }).first().click();
    await page.getByRole('button', { name: 'Client instructions', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Client instructions' });
    const text = dialog.getByLabel('Instructions (edit before sending)');
    expect(await text.inputValue()).toContain('Instructions for Koei 73');
    await dialog.getByLabel(/Client's language/).selectOption('af');
    const sheet = await text.inputValue();
    expect(sheet).toContain('Instruksies vir Koei 73');
    expect(sheet).toContain('- Meloxicam 0.5 mg/kg onder die vel');
    expect(sheet).toContain('Wanneer om terug te kom:');
    await shot(page, 'client-instructions-phone', false);
    await dialog
      .getByRole('button', { name: 'Close' })
      .click()
      .catch(() => page.keyboard.press('Escape'));
    await page.reload();
    await page.getByRole('button', { name: 'View notes' }).first().click();
    await page.getByRole('button', { name: 'Client instructions', exact: true }).click();
    expect(
      await page
        .getByRole('dialog', { name: 'Client instructions' })
        .getByLabel('Instructions (edit before sending)')
        .inputValue(),
    ).toContain('Instruksies vir Koei 73');
    await close();
  });
});
