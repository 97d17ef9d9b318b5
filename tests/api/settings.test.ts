import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PracticeSettings } from '#shared/schemas/settings.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

const PASSWORD = 'app-password-Pl41nText';
const TOKEN = 'EAAGwhatsappTokenPl41n';

async function put(client: ApiClient, body: unknown): Promise<Response> {
  return client.request('PUT', '/api/settings/practice', body);
}

describe.each(dialects)('practice settings API (%s)', (dialect) => {
  let server: TestServer;
  let client: ApiClient;
  let userId: string;

  beforeAll(async () => {
    // The default: private SMTP hosts refused, as in production.
    server = await startTestServer({
      dialect,
      env: { SETTINGS_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64') },
    });
    client = new ApiClient(server.baseUrl);
    userId = (await registerUser(client, { practiceName: 'Karoo Vet Clinic' })).user.id;
  });
  afterAll(async () => server?.close());

  const storedRow = () =>
    server.services.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  it('requires a signed-in user', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get('/api/settings/practice')).status).toBe(401);
    expect((await put(anonymous, { practiceName: 'X' })).status).toBe(401);
    expect((await anonymous.post('/api/settings/practice/test-email', {})).status).toBe(401);
  });

  it('answers the defaults: gmail, no password, no WhatsApp token', async () => {
    const response = await client.get('/api/settings/practice');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      practiceName: 'Karoo Vet Clinic',
      practicePhone: null,
      practiceEmail: null,
      practiceEmailProvider: 'gmail',
      smtpHost: null,
      smtpPort: null,
      smtpSecure: false,
      hasEmailPassword: false,
      whatsappPhoneNumberId: null,
      hasWhatsappAccessToken: false,
      practiceVocabulary: null,
    } satisfies PracticeSettings);
  });

  it('stores the SMTP password and WhatsApp token encrypted and never returns them', async () => {
    const response = await put(client, {
      practicePhone: '021 555 0100',
      practiceEmail: 'Reception@KarooVet.co.za',
      practiceEmailProvider: 'outlook',
      practiceEmailPassword: PASSWORD,
      whatsappPhoneNumberId: '106540352242922',
      whatsappAccessToken: TOKEN,
    });
    expect(response.status).toBe(200);
    const raw = await response.text();
    expect(raw).not.toContain(PASSWORD);
    expect(raw).not.toContain(TOKEN);
    const body = JSON.parse(raw) as PracticeSettings;
    expect(body).toMatchObject({
      practiceEmail: 'reception@karoovet.co.za',
      practiceEmailProvider: 'outlook',
      hasEmailPassword: true,
      hasWhatsappAccessToken: true,
    });
    expect(Object.keys(body)).not.toContain('practiceEmailPassword');

    const row = await storedRow();
    expect(row.practiceEmailPassword).not.toBe(PASSWORD);
    expect(row.practiceEmailPassword).not.toContain(PASSWORD);
    expect(row.practiceEmailPassword).toMatch(/^v1:/);
    expect(row.whatsappAccessToken).toMatch(/^v1:/);
    expect(row.whatsappAccessToken).not.toContain(TOKEN);

    const again = await (await client.get('/api/settings/practice')).text();
    expect(again).not.toContain(PASSWORD);
    expect(again).not.toContain(TOKEN);
  });

  it('keeps a secret when the field is absent and clears it with null', async () => {
    expect((await (await put(client, { practiceName: 'Karoo Vet' })).json()).hasEmailPassword).toBe(true);
    const cleared = (await (await put(client, { whatsappAccessToken: null })).json()) as PracticeSettings;
    expect(cleared.hasWhatsappAccessToken).toBe(false);
    expect((await storedRow()).whatsappAccessToken).toBeNull();
  });

  it('validates the e-mail and the provider (spec section 5)', async () => {
    const badEmail = await put(client, { practiceEmail: 'not-an-email' });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).error).toMatch(/practiceEmail: Please enter a valid email address/);
    const badProvider = await put(client, { practiceEmailProvider: 'hotmail' });
    expect(badProvider.status).toBe(400);
    expect((await badProvider.json()).error).toMatch(/^practiceEmailProvider/);
  });

  it.each([
    ['loopback', '127.0.0.1', 587],
    ['a private 10.x address', '10.0.0.8', 587],
    ['the link-local metadata address', '169.254.169.254', 25],
    ['a name resolving to loopback', 'localhost', 587],
    ['IPv6 loopback', '[::1]', 465],
    ['a port that is not a mail port', '8.8.8.8', 22],
  ])('refuses a custom SMTP host at %s with 400', async (_label, smtpHost, smtpPort) => {
    const response = await put(client, {
      practiceEmailProvider: 'custom',
      smtpHost,
      smtpPort,
      smtpSecure: false,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/not allowed/);
    expect((await storedRow()).smtpHost).toBeNull();
  });

  it('accepts a public custom SMTP host on a mail port', async () => {
    const response = await put(client, {
      practiceEmailProvider: 'custom',
      smtpHost: '8.8.8.8',
      smtpPort: 587,
      smtpSecure: false,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      smtpHost: '8.8.8.8',
      smtpPort: 587,
      practiceEmailProvider: 'custom',
    });
  });

  it.each([
    ['practiceName', { practiceName: 'Karoo\r\nBcc: victim@example.com' }],
    ['practiceEmail', { practiceEmail: 'a@b.co.za\r\nBcc: victim@example.com' }],
    ['smtpHost', { smtpHost: 'mail.example.com\r\nX: y' }],
    ['practiceEmailPassword', { practiceEmailPassword: 'pw\r\nX: y' }],
  ])('refuses line breaks in %s with 400', async (_field, body) => {
    expect((await put(client, body)).status).toBe(400);
  });

  it('refuses unknown fields with 400 rather than ignoring them', async () => {
    const response = await put(client, { practiceEmailPasword: 'typo' });
    expect(response.status).toBe(400);
  });

  it('refuses a test e-mail without a password configured', async () => {
    const other = new ApiClient(server.baseUrl);
    await registerUser(other);
    const response = await other.post('/api/settings/practice/test-email', {});
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/practice e-mail address and its password/);
  });
});
