import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnimalHistoryResponse, HerdVisitResponse } from '#shared/schemas/herd.js';
import { artifactsDir, launchBrowser, newPage, viewports } from '../helpers/browser.js';
import { fakeMicrophoneArgs } from '../helpers/fake-microphone.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { webDir } from '../helpers/web-app.js';
import {
  peerTranscriptionEnv,
  peerUnavailableReason,
  startWhisperPeer,
  type WhisperPeer,
} from '../peers/whisper-peer.js';

/**
 * Issue 20 §1 end to end in real Chromium: a flock visit spoken by espeak-ng onto the fake microphone,
 * transcribed by a real Whisper model (the faster-whisper peer), split per animal, reviewed (a tag fixed),
 * saved as one visit with its animals, and the fixed tag found in History. Screenshots of the herd review
 * at phone and desktop widths go to /work/notes/screens when that folder exists.
 */
const unavailable = peerUnavailableReason();
if (unavailable && process.env.CI) throw new Error(`The whisper peer must be set up in CI: ${unavailable}`);
if (unavailable) console.log(`[e2e herd] skipped: ${unavailable}`);

/** English dictation: espeak's Afrikaans is beyond Whisper base (see transcription-gates.ts). */
const FLOCK_VISIT = [
  'Flock visit.',
  'The farmer says the sheep have been losing weight for three weeks.',
  'Ewe number 231 is very thin and pale.',
  'Ewe number 245 is lame.',
  'Ewe number 245 gets penicillin 10 milligrams per kilogram into the muscle.',
  'Ewe number 258 has a wound on the ear.',
  'Ewe number 260 is in good condition.',
  'All 120 sheep get ivermectin 0.2 milligrams per kilogram under the skin.',
  // For every product: a treatment without a period would (rightly) block Save Herd Visit.
  'Meat withdrawal is 35 days.',
].join(' ');

const SCREENS = '/work/notes/screens';

function spokenVisitWav(): { wav: string; seconds: number } {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const raw = path.join(artifactsDir, 'herd-visit-espeak.wav');
  const wav = path.join(artifactsDir, 'herd-visit-mic.wav');
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '140', '-g', '3', '-w', raw, FLOCK_VISIT]);
  // Chromium's fake microphone wants 48 kHz; a second of silence separates the loops.
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-i',
    raw,
    '-af',
    'apad=pad_dur=1',
    '-ar',
    '48000',
    '-ac',
    '1',
    '-c:a',
    'pcm_s16le',
    wav,
  ]);
  const seconds = Number(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav])
      .toString()
      .trim(),
  );
  return { wav, seconds };
}

async function waitForTimer(page: Page, seconds: number) {
  await page.waitForFunction(
    (target) => {
      const [m, s] = (document.querySelector('[data-testid="timer"]')?.textContent ?? '00:00')
        .split(':')
        .map(Number);
      return m! * 60 + s! >= target;
    },
    seconds,
    { timeout: 120_000, polling: 200 },
  );
}

describe.skipIf(unavailable !== null)(
  'herd visit: record a flock → cards per animal → fix a tag → save → History',
  () => {
    let peer: WhisperPeer;
    let server: TestServer;
    let smtp: TestSmtpServer;
    let browser: Browser;
    let spokenSeconds = 0;

    beforeAll(async () => {
      if (!fs.existsSync(path.join(webDir, 'index.html')))
        execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
      const spoken = spokenVisitWav();
      spokenSeconds = spoken.seconds;
      peer = await startWhisperPeer({ threads: 2, beamSize: 1 });
      smtp = await startSmtpServer();
      server = await startTestServer({
        webDir,
        env: {
          ...peerTranscriptionEnv(peer),
          TRANSCRIPTION_CONCURRENCY: '1',
          SMTP_URL: smtp.url,
          MAIL_FROM: 'VeldVet <no-reply@veldvet.test>',
          ALLOW_PRIVATE_SMTP_HOSTS: 'true',
        },
      });
      browser = await launchBrowser(fakeMicrophoneArgs(spoken.wav));
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await smtp?.close();
      await peer?.close();
    });

    it('splits a spoken flock visit per animal, saves visit and animals, and History finds the fixed tag', async () => {
      const { page, context, close } = await newPage(browser, {
        baseURL: server.baseUrl,
        viewport: viewports.desktop,
      });
      const registered = await context.request.post('/api/auth/register', {
        data: {
          email: `herd-${Math.random().toString(36).slice(2)}@example.co.za`,
          password: 'secret12',
          practiceName: 'Karoo Vets',
        },
      });
      expect(registered.status()).toBe(200);
      // The practice's own terms steer the recogniser (issue 18), as a farm practice would set them.
      const vocabulary = await context.request.put('/api/settings/practice', {
        data: { practiceVocabulary: 'penicillin, ivermectin, ewe' },
      });
      expect(vocabulary.status()).toBe(200);
      await page.goto('/app');
      await page.getByTestId('record-button').waitFor();

      // Herd Visit in the pre-consultation panel: farm (client), species, group name, number of animals.
      await page.getByRole('button', { name: /Pre-Consultation Details/ }).click();
      await page.getByLabel('Client Name').fill('Graham Botha');
      await page.getByLabel('Species').selectOption('Sheep');
      await page.getByLabel('Consultation Type').selectOption('Herd Visit');
      await page.getByLabel('Group Name').fill('Kamp 3 ooie');
      await page.getByLabel('Number of Animals').fill('120');
      // A herd visit is a farm recording: Farm Mode is on.
      await page.getByText('Farm Mode Active').waitFor();

      await page.getByTestId('record-button').click();
      await waitForTimer(page, Math.ceil(spokenSeconds) + 1);
      await page.getByTestId('record-button').click();
      await page.getByRole('button', { name: 'End Consultation' }).click();
      await page.getByRole('button', { name: 'Process Recording', exact: true }).click();

      const herd = page.getByTestId('herd-review');
      await herd.getByTestId('animal-card').first().waitFor({ timeout: 300_000 });
      const transcript = await page.getByTestId('transcript').inputValue();
      console.log(`[e2e herd] transcript: ${transcript}`);
      const titles = await herd.getByTestId('animal-card').locator('h3').allInnerTexts();
      console.log(`[e2e herd] cards: ${titles.join(' | ')}`);
      // Four ewes were spoken; each has its card, and the group note holds the flock's history and treatment.
      for (const tag of ['231', '245', '258', '260'])
        expect(titles.some((title) => title.includes(tag))).toBe(true);
      const card245 = herd.getByTestId('animal-card').filter({ has: page.locator('h3', { hasText: '245' }) });
      // Whisper base hears espeak's 'penicillin' only sometimes; when it did, the card has the treatment.
      if (/penicillin/i.test(transcript)) {
        expect(await card245.getByTestId('treatment').first().innerText()).toMatch(
          /penicillin 10 mg\/kg IM/i,
        );
      } else {
        expect(
          (
            await card245
              .locator('textarea')
              .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value))
          ).join('\n'),
        ).toMatch(/10 mg/);
      }
      const card231 = herd.getByTestId('animal-card').filter({ has: page.locator('h3', { hasText: '231' }) });
      expect(
        (
          await card231
            .locator('textarea')
            .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value))
        ).join('\n'),
      ).toMatch(/thin|pale/i);
      expect(
        (
          await card231
            .locator('textarea')
            .evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value))
        ).join('\n'),
      ).not.toMatch(/wound|lame/i);
      // Whisper base also loses 'ivermectin' on some starts of the fake microphone's loop (the vocabulary
      // prompt's spelling is kept only where a prompt-less reading supports it): the vet then writes the
      // flock's treatment into the group plan, as they would, and the treatment is read from it.
      if (!/ivermectin/i.test(transcript)) {
        const plan = herd.locator('#group-plan');
        await plan.fill(`${await plan.inputValue()}\nAll 120 sheep get ivermectin 0.2 mg/kg SC.`);
      }
      const groupTreatment = herd.getByTestId('treatment').filter({ hasText: /120 animals/ });
      expect(await groupTreatment.first().innerText()).toMatch(/ivermectin 0\.2 mg\/kg .*120 animals/i);

      if (fs.existsSync(SCREENS)) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(SCREENS, 'herd-review-desktop.png'),
          fullPage: true,
          animations: 'disabled',
        });
        await page.setViewportSize(viewports.phone);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({
          path: path.join(SCREENS, 'herd-review-phone.png'),
          fullPage: true,
          animations: 'disabled',
        });
        await page.setViewportSize(viewports.desktop);
      }

      // Fix a tag: 258 was really 268.
      const card258 = herd.getByTestId('animal-card').filter({ has: page.locator('h3', { hasText: '258' }) });
      const tagInput = card258.getByLabel(/^Ear tag of/);
      await tagInput.fill('268');
      await tagInput.press('Enter');
      await herd.locator('h3', { hasText: '268' }).waitFor();
      expect(await herd.locator('h3', { hasText: '258' }).count()).toBe(0);
      // A tag another animal has is refused with the reason, not silently merged.
      const card260 = herd.getByTestId('animal-card').filter({ has: page.locator('h3', { hasText: '260' }) });
      await card260.getByLabel(/^Ear tag of/).fill('231');
      await card260.getByLabel(/^Ear tag of/).press('Enter');
      await card260.getByText('Another animal already has tag 231: merge them instead').waitFor();
      await card260.getByLabel(/^Ear tag of/).fill('260');
      await card260.getByLabel(/^Ear tag of/).press('Enter');

      // A product without a withdrawal period blocks the save (issue 20 §2). Whisper sometimes runs the spoken
      // period into the ivermectin sentence, where it counts for ivermectin only; the vet then states it for
      // every product in the group plan, as a vet would, and the save unblocks.
      const groupPlan = herd.locator('#group-plan');
      await groupPlan.fill(`${await groupPlan.inputValue()}\nMeat withdrawal is 35 days.`);
      await herd.getByTestId('herd-save-blocked').waitFor({ state: 'hidden' });

      // Save: one visit and one record per animal.
      const cards = await herd.getByTestId('animal-card').count();
      await herd.getByTestId('herd-save').click();
      await page.getByTestId('toast').getByText('✓ Saved to database').waitFor({ timeout: 30_000 });
      await herd.getByRole('button', { name: '✓ Saved' }).waitFor();
      const local = await page.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('VeldVetDB');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => resolve(open.result);
        });
        const rows = await new Promise<Array<Record<string, unknown>>>((resolve) => {
          const request = db.transaction('recordings').objectStore('recordings').getAll();
          request.onsuccess = () => resolve(request.result as Array<Record<string, unknown>>);
        });
        db.close();
        return rows[0]?.herdServerVisitId as string | undefined;
      });
      expect(local).toBeTruthy();
      const visit = (await (
        await context.request.get(`/api/herd-visits/${local}`)
      ).json()) as HerdVisitResponse;
      expect(visit.animals).toHaveLength(cards);
      expect(visit.groupName).toBe('Kamp 3 ooie');
      expect(visit.animals.every((animal) => animal.parentRecordingId === local)).toBe(true);
      expect(visit.animals.map((animal) => animal.animalTag)).toContain('268');
      const history = (await (
        await context.request.get('/api/herd-visits/animal-history?farm=Graham%20Botha&tag=268')
      ).json()) as AnimalHistoryResponse;
      expect(history.records).toHaveLength(1);

      // History: search by the fixed ear tag finds the animal's record.
      await page.goto('/history');
      await page.getByPlaceholder('Search by patient name, client, or species...').fill('268');
      // The search answers after a short pause: wait for the list to be the search's, then every card is 268's.
      const found = page.getByTestId('history-card').filter({ hasText: '268' });
      await found.first().waitFor();
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="history-card"]')].every((card) =>
          card.textContent?.includes('268'),
        ),
      );
      // The animal's record: its visit, and all its records at this farm (one so far).
      await found.first().click();
      const animalHistory = page.getByTestId('herd-animal-history');
      await animalHistory.getByText(/All records of .*268 at Graham Botha/).waitFor();
      await animalHistory.locator('li').first().waitFor();
      expect(await animalHistory.locator('li').count()).toBe(1);
      expect(await page.getByTestId('details-audio').count()).toBe(0);
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByPlaceholder('Search by patient name, client, or species...').fill('258');
      await page.getByText('No recordings found').waitFor();

      // The withdrawal slip of the saved visit, e-mailed through the in-test SMTP server (the export API of
      // issue 20 §2; its panel button is another change): the stated 35 days count from the visit's date.
      const saved = visit.visit.soapNotes as { consultationDate?: string; plan?: string } | null;
      const slip = await context.request.post('/api/send-email', {
        data: {
          to: 'boer@example.co.za',
          subject: 'Withdrawal slip / Onttrekkingstrokie',
          consultationData: {
            clientName: 'Graham Botha',
            patientName: visit.groupName,
            species: 'Sheep',
            consultationType: 'Herd Visit',
            consultationDate: saved?.consultationDate,
            plan: saved?.plan,
          },
          document: {
            kind: 'withdrawal-slip',
            groupName: visit.groupName,
            treatments: [
              ...visit.groupTreatments,
              ...visit.animals.flatMap((animal) =>
                animal.treatments.map((t) => ({ ...t, animals: [animal.animalTag ?? animal.patientName] })),
              ),
            ],
            transcript,
          },
        },
      });
      expect(slip.status(), await slip.text()).toBe(200);
      const mail = await smtp.waitForMessage((m) => recipients(m).includes('boer@example.co.za'));
      const pdf = execFileSync('pdftotext', ['-layout', '-', '-'], {
        input: mail.attachments[0]!.content,
      }).toString();
      const [day, month, year] = (saved?.consultationDate ?? '').split('/').map(Number);
      // 'No slaughter before' is the first day after the 35 days (the slip's rule; tests/api/export-farm.test.ts).
      const noSlaughter = new Date(Date.UTC(year!, month! - 1, day! + 35 + 1));
      const expected = `${String(noSlaughter.getUTCDate()).padStart(2, '0')}/${String(noSlaughter.getUTCMonth() + 1).padStart(2, '0')}/${noSlaughter.getUTCFullYear()}`;
      console.log(`[e2e herd] slip PDF:\n${pdf}`);
      expect(pdf).toContain('Kamp 3 ooie');
      expect(pdf).toMatch(/ivermectin/i);
      expect(pdf).toContain(saved?.consultationDate);
      expect(pdf).toContain(expected);
      await close();
    }, 600_000);
  },
);
