import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';
import { BELLA } from '../unit/export/fixtures.js';

/**
 * POST /api/send-email and /api/send-whatsapp over real HTTP. E-mail goes to real SMTP servers started
 * here: the server's default account (tests/helpers/smtp.ts) and a practice's own account (one that
 * requires AUTH, so the unsealed password is checked). WhatsApp's Cloud API is a local HTTP server
 * implementing the /{version}/{phone-number-id}/messages contract.
 */

const PRACTICE_PASSWORD = 'karoo-app-password';

interface PracticeSmtp {
  port: number;
  messages: ParsedMail[];
  logins: Array<{ username: string; password: string }>;
  close(): Promise<void>;
}

async function startPracticeSmtp(): Promise<PracticeSmtp> {
  const messages: ParsedMail[] = [];
  const logins: Array<{ username: string; password: string }> = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (auth.password !== PRACTICE_PASSWORD) return callback(new Error('Invalid username or password'));
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface FakeCloudApi {
  url: string;
  requests: Array<{ path: string; authorization: string | undefined; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

/** The WhatsApp Business Cloud API message endpoint's request/response contract, locally. */
async function startFakeCloudApi(validToken: string): Promise<FakeCloudApi> {
  const requests: FakeCloudApi['requests'] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      res.setHeader('Content-Type', 'application/json');
      const match = /^\/v\d+\.\d+\/(\d+)\/messages$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match) {
        res.statusCode = 404;
        return res.end(JSON.stringify({ error: { message: 'Unknown path', code: 100 } }));
      }
      if (req.headers.authorization !== `Bearer ${validToken}`) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.', code: 190 } }));
      }
      if (
        body.messaging_product !== 'whatsapp' ||
        body.type !== 'text' ||
        typeof (body.text as { body?: unknown })?.body !== 'string'
      ) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: { message: 'Invalid parameter', code: 100 } }));
      }
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.TEST${requests.length}` }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const whatsappData = {
  clientName: BELLA.clientName,
  patientName: BELLA.patientName,
  species: BELLA.species,
  consultationDate: BELLA.consultationDate,
  consultationTime: BELLA.consultationTime,
  subjective: BELLA.subjective,
  assessment: BELLA.assessment,
  plan: BELLA.plan,
  practiceName: 'VeldVet',
};
const emailData = { ...BELLA, practiceName: 'VeldVet' };

function pdfText(content: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: content }).toString('utf8');
}

describe.each(dialects)('export API (%s)', (dialect) => {
  let server: TestServer;
  let defaultSmtp: TestSmtpServer;
  let practiceSmtp: PracticeSmtp;
  let cloudApi: FakeCloudApi;

  beforeAll(async () => {
    defaultSmtp = await startSmtpServer();
    practiceSmtp = await startPracticeSmtp();
    cloudApi = await startFakeCloudApi('EAAG-good-token');
    server = await startTestServer({
      dialect,
      env: {
        SMTP_URL: defaultSmtp.url,
        MAIL_FROM: 'VeldVet <no-reply@veldvet.test>',
        // The local SMTP servers are on loopback and a random port.
        ALLOW_PRIVATE_SMTP_HOSTS: 'true',
        SMTP_ALLOWED_PORTS: `25,465,587,2525,${practiceSmtp.port}`,
        WHATSAPP_API_BASE_URL: cloudApi.url,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await defaultSmtp?.close();
    await practiceSmtp?.close();
    await cloudApi?.close();
  });

  const auditDetails = async (action: string) =>
    (
      await server.services.database.db
        .selectFrom('auditLog')
        .select(['details', 'actorId'])
        .where('action', '=', action)
        .execute()
    ).map((row) => ({
      actorId: row.actorId,
      details: JSON.parse(row.details) as Record<string, unknown>,
    }));

  describe('POST /api/send-email', () => {
    it('requires a signed-in user', async () => {
      const response = await new ApiClient(server.baseUrl).post('/api/send-email', {
        to: 'a@b.co.za',
        subject: 's',
        consultationData: emailData,
      });
      expect(response.status).toBe(401);
    });

    it("sends from the server's default account with the English letter and the SOAP PDF attached", async () => {
      const client = new ApiClient(server.baseUrl);
      const { user } = await registerUser(client);
      const response = await client.post('/api/send-email', {
        to: 'owner@example.co.za',
        subject: 'Consultation Summary - Bella Rose - 14/03/2026',
        consultationData: emailData,
        language: 'en',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        sender: 'server',
        attachment: 'Consultation_Bella_Rose_2026-03-14.pdf',
      });

      const mail = await defaultSmtp.waitForMessage((m) => recipients(m).includes('owner@example.co.za'));
      expect(mail.from?.value[0]?.address).toBe('no-reply@veldvet.test');
      expect(mail.subject).toBe('Consultation Summary - Bella Rose - 14/03/2026');
      expect(mail.text).toContain('Dear Mrs van der Merwe,');
      expect(mail.text).toContain('Species: Dogs');
      expect(mail.text).toContain('- Acute gastroenteritis');
      expect(mail.html).toContain('Dear Mrs van der Merwe,<br>');

      expect(mail.attachments).toHaveLength(1);
      const pdf = mail.attachments[0]!;
      expect(pdf.filename).toBe('Consultation_Bella_Rose_2026-03-14.pdf');
      expect(pdf.contentType).toBe('application/pdf');
      const text = pdfText(pdf.content);
      for (const expected of [
        'VeldVet Consultation Record',
        'SUBJECTIVE (S)',
        'OBJECTIVE (O)',
        'ASSESSMENT (A)',
        'PLAN (P)',
        'Temperature 39.6',
        'Maropitant 1 mg/kg SC once',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toMatch(/Page 1 of \d+/);

      const audit = await auditDetails('export.email');
      expect(audit).toContainEqual({
        actorId: user.id,
        details: expect.objectContaining({
          channel: 'email',
          recipient: 'owner@example.co.za',
          sender: 'server',
        }),
      });
    });

    it("accepts spec section 7's payload exactly (no attachPdf, body or language) and attaches the PDF by default", async () => {
      const client = new ApiClient(server.baseUrl);
      const { user } = await registerUser(client);
      // The spec's consultationData fields, nothing more; the spec does not send the checkbox.
      const specPayload = {
        to: 'spec@example.co.za',
        subject: 'Consultation Summary - Bella Rose - 14/03/2026',
        consultationData: {
          clientName: BELLA.clientName,
          patientName: BELLA.patientName,
          species: BELLA.species,
          consultationType: BELLA.consultationType,
          consultationDate: BELLA.consultationDate,
          consultationTime: BELLA.consultationTime,
          subjective: BELLA.subjective,
          objective: BELLA.objective,
          assessment: BELLA.assessment,
          plan: BELLA.plan,
          practiceName: 'VeldVet',
        },
      };
      const response = await client.post('/api/send-email', specPayload);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        success: true,
        attachment: 'Consultation_Bella_Rose_2026-03-14.pdf',
      });
      const mail = await defaultSmtp.waitForMessage((m) => recipients(m).includes('spec@example.co.za'));
      expect(mail.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
      expect(await auditDetails('export.email')).toContainEqual({
        actorId: user.id,
        details: expect.objectContaining({ recipient: 'spec@example.co.za', attachPdf: true }),
      });

      // The vet's choice, when the dialog sends it, is honoured both ways.
      const unchecked = await client.post('/api/send-email', {
        ...specPayload,
        to: 'nopdf@example.co.za',
        attachPdf: false,
      });
      expect(await unchecked.json()).toMatchObject({ success: true, attachment: null });
      const withoutPdf = await defaultSmtp.waitForMessage((m) =>
        recipients(m).includes('nopdf@example.co.za'),
      );
      expect(withoutPdf.attachments).toHaveLength(0);
      const checked = await client.post('/api/send-email', {
        ...specPayload,
        to: 'pdf@example.co.za',
        attachPdf: true,
      });
      expect(await checked.json()).toMatchObject({ attachment: 'Consultation_Bella_Rose_2026-03-14.pdf' });
    });

    it("sends through the practice's own SMTP account, signed in with its unsealed password, in Afrikaans", async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client, { practiceName: 'Karoo Vet Clinic' });
      const saved = await client.request('PUT', '/api/settings/practice', {
        practiceEmail: 'reception@karoovet.co.za',
        practiceEmailProvider: 'custom',
        practiceEmailPassword: PRACTICE_PASSWORD,
        smtpHost: '127.0.0.1',
        smtpPort: practiceSmtp.port,
        smtpSecure: false,
      });
      expect(saved.status).toBe(200);

      const response = await client.post('/api/send-email', {
        to: 'boer@example.co.za',
        subject: 'Consultation Summary - Bella Rose - 14/03/2026',
        consultationData: emailData,
        language: 'af',
        attachPdf: false,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ success: true, sender: 'practice', attachment: null });

      const mail = practiceSmtp.messages.find((m) => recipients(m).includes('boer@example.co.za'));
      expect(mail).toBeDefined();
      expect(practiceSmtp.logins).toContainEqual({
        username: 'reception@karoovet.co.za',
        password: PRACTICE_PASSWORD,
      });
      expect(mail!.from?.value[0]).toEqual({ address: 'reception@karoovet.co.za', name: 'Karoo Vet Clinic' });
      expect(mail!.text).toContain('Beste Mrs van der Merwe,');
      expect(mail!.text).toContain('Pasiënt: Bella Rose');
      expect(mail!.text).toContain('Beoordeling:');
      expect(mail!.text).toContain('Vriendelike groete,\nKaroo Vet Clinic');
      expect(mail!.attachments).toHaveLength(0);
      expect(defaultSmtp.messages.some((m) => recipients(m).includes('boer@example.co.za'))).toBe(false);

      // The settings screen's 'Send test e-mail' goes the same way.
      const test = await client.post('/api/settings/practice/test-email', {});
      expect(test.status).toBe(200);
      expect(
        practiceSmtp.messages.some(
          (m) => m.subject === 'VeldVet test e-mail' && recipients(m).includes('reception@karoovet.co.za'),
        ),
      ).toBe(true);
    });

    it("sends the dialog's edited body as written", async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const response = await client.post('/api/send-email', {
        to: 'edited@example.co.za',
        subject: 'Bella',
        consultationData: emailData,
        body: 'Hi Anna,\n<b>Bella</b> is doing well.',
        attachPdf: false,
      });
      expect(response.status).toBe(200);
      const mail = await defaultSmtp.waitForMessage((m) => recipients(m).includes('edited@example.co.za'));
      expect(mail.text?.trim()).toBe('Hi Anna,\n<b>Bella</b> is doing well.');
      expect(mail.html).toContain('&lt;b&gt;Bella&lt;/b&gt;');
    });

    it('reports a practice mail server that refuses the login as 502 with its reason', async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      await client.request('PUT', '/api/settings/practice', {
        practiceEmail: 'wrong@karoovet.co.za',
        practiceEmailProvider: 'custom',
        practiceEmailPassword: 'not-the-password',
        smtpHost: '127.0.0.1',
        smtpPort: practiceSmtp.port,
      });
      const response = await client.post('/api/send-email', {
        to: 'x@example.co.za',
        subject: 's',
        consultationData: emailData,
        attachPdf: false,
      });
      expect(response.status).toBe(502);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(/did not accept/);
      expect(error).not.toContain('not-the-password');
    });

    it.each([
      ['an empty address', { to: '' }, 'Please enter an email address'],
      ['an invalid address', { to: 'owner@example' }, 'Please enter a valid email address'],
      ['whitespace in the address', { to: 'own er@example.co.za' }, 'Please enter a valid email address'],
      ['CR/LF in the address', { to: 'owner@example.co.za\r\nBcc: victim@example.com' }, 'line breaks'],
      ['CR/LF in the subject', { subject: 'Hi\r\nBcc: victim@example.com' }, 'line breaks'],
      ['a lone LF in the subject', { subject: 'Hi\nX-Evil: 1' }, 'line breaks'],
    ])('refuses %s with 400', async (_label, override, message) => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const before = defaultSmtp.messages.length;
      const response = await client.post('/api/send-email', {
        to: 'owner@example.co.za',
        subject: 'Summary',
        consultationData: emailData,
        ...override,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toContain(message);
      expect(defaultSmtp.messages.length).toBe(before);
    });
  });

  describe('POST /api/send-whatsapp', () => {
    it('without a Cloud API number answers a wa.me click-to-chat link, non-digits stripped', async () => {
      const client = new ApiClient(server.baseUrl);
      const { user } = await registerUser(client);
      const response = await client.post('/api/send-whatsapp', {
        phone: '(082) 123-4567',
        countryCode: '+27',
        consultationData: whatsappData,
        message: 'Bella is doing well & eating.',
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        success: true,
        mode: 'click-to-chat',
        url: 'https://wa.me/27821234567?text=Bella%20is%20doing%20well%20%26%20eating.',
        to: '+27 821234567',
      });
      const audit = await auditDetails('export.whatsapp');
      expect(audit).toContainEqual({
        actorId: user.id,
        details: { channel: 'whatsapp', recipient: '+27821234567', mode: 'click-to-chat' },
      });
    });

    it('builds the summary from consultationData when no message is sent, in the chosen language', async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const response = await client.post('/api/send-whatsapp', {
        phone: '821234567',
        countryCode: '+27',
        consultationData: whatsappData,
        language: 'af',
      });
      const { url } = (await response.json()) as { url: string };
      const text = decodeURIComponent(new URL(url).searchParams.get('text') ?? '');
      expect(text).toContain('*Konsultasie-opsomming*');
      expect(text).toContain('Pasiënt: Bella Rose');
      expect(text).toContain('• Oral rehydration');
      expect(text).not.toContain('Recheck in 3 days');
    });

    it("delivers through the practice's WhatsApp Business Cloud API number when configured", async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      await client.request('PUT', '/api/settings/practice', {
        whatsappPhoneNumberId: '106540352242922',
        whatsappAccessToken: 'EAAG-good-token',
      });
      const response = await client.post('/api/send-whatsapp', {
        phone: '0821234567',
        countryCode: '+27',
        consultationData: whatsappData,
        message: 'Summary for Bella',
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { mode: string; messageId: string; to: string };
      expect(body).toMatchObject({ success: true, mode: 'cloud-api', to: '+27 821234567' });
      expect(body.messageId).toMatch(/^wamid\.TEST/);
      const request = cloudApi.requests.at(-1)!;
      expect(request.path).toBe('/v21.0/106540352242922/messages');
      expect(request.authorization).toBe('Bearer EAAG-good-token');
      expect(request.body).toMatchObject({
        messaging_product: 'whatsapp',
        to: '27821234567',
        type: 'text',
        text: { body: 'Summary for Bella' },
      });
    });

    it("answers 502 with WhatsApp's error when the Cloud API refuses", async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      await client.request('PUT', '/api/settings/practice', {
        whatsappPhoneNumberId: '106540352242922',
        whatsappAccessToken: 'EAAG-expired',
      });
      const response = await client.post('/api/send-whatsapp', {
        phone: '821234567',
        countryCode: '+27',
        consultationData: whatsappData,
      });
      expect(response.status).toBe(502);
      const { error } = (await response.json()) as { error: string };
      expect(error).toBe('WhatsApp refused the message: Invalid OAuth access token.');
      expect(error).not.toContain('EAAG');
    });

    it.each([
      ['an empty phone', { phone: '   ' }, 'Please enter a phone number'],
      ['a phone with no digits', { phone: 'call me' }, 'Please enter a phone number'],
      ['a number too short for +27', { phone: '82 123' }, 'Invalid phone number for +27'],
      [
        'a number too long for E.164',
        { countryCode: '+1', phone: '415 555 0123 4567' },
        'Invalid phone number for +1',
      ],
      ['a country code not offered', { countryCode: '+99' }, 'countryCode'],
    ])('refuses %s with 400', async (_label, override, message) => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const response = await client.post('/api/send-whatsapp', {
        phone: '821234567',
        countryCode: '+27',
        consultationData: whatsappData,
        ...override,
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toContain(message);
    });
  });
});
