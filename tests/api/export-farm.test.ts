import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

/**
 * Issue 20 over real HTTP: the withdrawal slip and the client instruction sheet e-mailed through a real
 * SMTP server started here; the attachment's text is read back with pdftotext.
 */

function pdfText(content: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: content }).toString('utf8');
}

// Treated on 2 March 2026 at 23:30 South African time (21:30 UTC): the dates count from 2 March.
const farmVisit = {
  clientName: 'Van der Merwe Boerdery',
  patientName: 'Koei 73',
  species: 'Cattle',
  consultationType: 'Farm Visit',
  consultationDate: '02/03/2026',
  consultationTime: '23:30',
  subjective: '- Coughing for 3 days',
  objective: '- Temperature 40.1',
  assessment: '- Bovine respiratory disease',
  plan: [
    '- Oxytetracycline LA 20 mg/kg IM given',
    '- Withdrawal oxytetracycline: meat 28 days, milk 7 days',
    '- Meloxicam 0.5 mg/kg SC',
  ].join('\n'),
  practiceName: 'VeldVet',
};

describe.each(dialects)('farm exports (%s)', (dialect) => {
  let server: TestServer;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      dialect,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'VeldVet <no-reply@veldvet.test>',
        ALLOW_PRIVATE_SMTP_HOSTS: 'true',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('e-mails the withdrawal slip: bilingual text and a PDF whose dates count from the treatment date', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const response = await client.post('/api/send-email', {
      to: 'boer@example.co.za',
      subject: 'Withdrawal slip / Onttrekkingstrokie',
      consultationData: farmVisit,
      document: { kind: 'withdrawal-slip' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      sender: 'server',
      attachment: 'Withdrawal_Van_der_Merwe_Boerdery_2026-03-02.pdf',
    });
    const mail = await smtp.waitForMessage((m) => recipients(m).includes('boer@example.co.za'));
    expect(mail.text).toContain('No slaughter before: 31/03/2026');
    expect(mail.text).toContain('Nie slag voor: 31/03/2026');
    const text = pdfText(mail.attachments[0]!.content);
    for (const expected of [
      'Withdrawal slip / Onttrekkingstrokie',
      'Van der Merwe Boerdery',
      'oxytetracycline',
      '20 mg/kg IM',
      'meloxicam',
      '0.5 mg/kg SC',
      'Koei 73',
      '02/03/2026',
      '31/03/2026', // oxytetracycline meat: 28 days stated
      '10/03/2026', // oxytetracycline milk: 7 days stated
      '18/03/2026', // meloxicam meat: 15 days, registered label
      '08/03/2026', // meloxicam milk: 5 days, registered label
      'All treated animals: no slaughter before 31/03/2026; no milk before 10/03/2026.',
      'Alle behandelde diere: nie slag voor 31/03/2026 nie; geen melk voor 10/03/2026 nie.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("takes a herd visit's treatments with tags, and refuses a slip with a period missing", async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const herd = {
      ...farmVisit,
      species: 'Sheep',
      plan: '- Closantel 10 mg/kg PO to all 120 ewes\n- Withdrawal closantel 28 days',
    };
    const ok = await client.post('/api/send-email', {
      to: 'kudde@example.co.za',
      subject: 'Slip',
      consultationData: herd,
      document: {
        kind: 'withdrawal-slip',
        groupName: 'Kamp 3 ooie',
        treatments: [
          { product: 'closantel', dose: '10 mg/kg', route: 'PO', animalCount: 120, batchNumber: 'CL2291' },
          { product: 'oxytetracycline', dose: '20 mg/kg', route: 'IM', animals: ['231', '232'] },
        ],
        transcript: 'Ewe 231 and 232 get oxytetracycline. Oxytetracycline withdrawal is 35 days.',
      },
    });
    expect(ok.status).toBe(200);
    const mail = await smtp.waitForMessage((m) => recipients(m).includes('kudde@example.co.za'));
    const text = pdfText(mail.attachments[0]!.content);
    expect(text).toContain('Kamp 3 ooie');
    expect(text).toContain('231, 232');
    expect(text).toContain('CL2291');
    expect(text).toContain('07/04/2026'); // 35 days from 2 March, stated in the transcript

    const missing = await client.post('/api/send-email', {
      to: 'kudde@example.co.za',
      subject: 'Slip',
      consultationData: { ...herd, plan: '- Closantel 10 mg/kg PO to all 120 ewes' },
      document: { kind: 'withdrawal-slip' },
    });
    expect(missing.status).toBe(400);
  });

  it('e-mails the client instruction sheet as edited, as text and PDF', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const sheet =
      'Instruksies vir Koei 73\n\nGee:\n- Meloxicam 0.5 mg/kg onder die vel\n\nBel ons as u bekommerd is.';
    const response = await client.post('/api/send-email', {
      to: 'instruksies@example.co.za',
      subject: 'Instruksies',
      consultationData: farmVisit,
      document: { kind: 'client-instructions', text: sheet },
    });
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMessage((m) => recipients(m).includes('instruksies@example.co.za'));
    expect(mail.text).toContain('- Meloxicam 0.5 mg/kg onder die vel');
    expect(mail.attachments[0]!.filename).toMatch(/^Instructions_Koei_73_\d{4}-\d{2}-\d{2}\.pdf$/);
    const text = pdfText(mail.attachments[0]!.content);
    expect(text).toContain('Instruksies vir Koei 73');
    expect(text).toContain('Meloxicam 0.5 mg/kg onder die vel');
  });
});
