import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../api/services/index.js';
import { registerUser, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { recipients, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.js';

const RESET_SENT = {
  success: true,
  message: 'If an account exists for that address, a reset link has been sent.',
};
const INVALID_TOKEN = { error: 'Invalid or expired reset token. Please request a new password reset.' };
const HOUR_MS = 60 * 60 * 1000;

function tokenFrom(mail: ParsedMail): string {
  const match = /\/reset-password\?token=([a-z2-7]+)/.exec(mail.text ?? '');
  if (!match) throw new Error('No reset link in the e-mail text');
  return match[1]!;
}

describe.each(dialects)('password reset over SMTP (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  /** A clock the test moves forward to pass the 1-hour expiry. */
  let offsetMs = 0;
  const client = () => new ApiClient(server.baseUrl);
  const forgot = (email: string) => client().post('/api/auth/forgot-password', { email });
  const mailTo = (email: string) => smtp.waitForMessage((mail) => recipients(mail).includes(email));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({
      dialect,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'VeldVet <no-reply@veldvet.test>',
        PUBLIC_URL: 'https://vet.example.co.za',
      },
      overrides: (options) => createServices({ ...options, clock: () => new Date(Date.now() + offsetMs) }),
    });
  });
  afterEach(() => {
    offsetMs = 0;
  });
  afterAll(async () => {
    await server?.services.auth.mailSettled();
    await server?.close();
    await smtp?.close();
  });

  it('e-mails a link, resets with its token, signs out old sessions and accepts the new password', async () => {
    const browser = client();
    const { email } = await registerUser(browser);
    const otherDevice = client();
    expect((await otherDevice.post('/api/auth/login', { email, password: 'secret1' })).status).toBe(200);

    const response = await forgot(email.toUpperCase());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(RESET_SENT);

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Reset your VeldVet password');
    expect(mail.from?.text).toContain('no-reply@veldvet.test');
    expect(mail.text).toContain('https://vet.example.co.za/reset-password?token=');
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain(`href="https://vet.example.co.za/reset-password?token=${tokenFrom(mail)}"`);
    const token = tokenFrom(mail);
    expect(token.length).toBeGreaterThanOrEqual(26); // ≥128 bits in base32

    // The database holds only the hash of the e-mailed token.
    const rows = await server.services.database.db.selectFrom('passwordResets').selectAll().execute();
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);

    const reset = await client().post('/api/auth/reset-password', { token, password: 'brand-new-pass' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true });

    for (const signedIn of [browser, otherDevice])
      expect((await signedIn.get('/api/auth/me')).status).toBe(401);
    expect((await client().post('/api/auth/login', { email, password: 'secret1' })).status).toBe(401);
    const login = client();
    expect((await login.post('/api/auth/login', { email, password: 'brand-new-pass' })).status).toBe(200);
    expect((await login.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses a token that was already used, and other links of the account once one was used', async () => {
    const { email } = await registerUser(client());
    await forgot(email);
    const first = tokenFrom(await mailTo(email));
    await forgot(email);
    const second = tokenFrom(
      await smtp.waitForMessage((mail) => recipients(mail).includes(email) && tokenFrom(mail) !== first),
    );

    expect(
      (await client().post('/api/auth/reset-password', { token: first, password: 'password-one' })).status,
    ).toBe(200);
    for (const token of [first, second]) {
      const again = await client().post('/api/auth/reset-password', { token, password: 'password-two' });
      expect(again.status).toBe(400);
      expect(await again.json()).toEqual(INVALID_TOKEN);
    }
    expect((await client().post('/api/auth/login', { email, password: 'password-one' })).status).toBe(200);
  });

  it('refuses a token after 1 hour but accepts it just before', async () => {
    const { email } = await registerUser(client());
    await forgot(email);
    const token = tokenFrom(await mailTo(email));

    offsetMs = HOUR_MS + 1000;
    const expired = await client().post('/api/auth/reset-password', { token, password: 'too-late-pass' });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual(INVALID_TOKEN);

    offsetMs = HOUR_MS - 60_000;
    expect(
      (await client().post('/api/auth/reset-password', { token, password: 'just-in-time' })).status,
    ).toBe(200);
  });

  it('refuses an unknown token without changing anything', async () => {
    const response = await client().post('/api/auth/reset-password', {
      token: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      password: 'whatever-pass',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(INVALID_TOKEN);
  });

  it('answers an unknown e-mail identically and sends no mail', async () => {
    const { email } = await registerUser(client());
    const before = smtp.messages.length;
    const unknown = await forgot(uniqueEmail('nobody'));
    await server.services.auth.mailSettled();
    expect(smtp.messages.length).toBe(before);

    const known = await forgot(email);
    expect(unknown.status).toBe(known.status);
    const unknownBody = await unknown.text();
    expect(unknownBody).toBe(await known.text());
    expect(JSON.parse(unknownBody)).toEqual(RESET_SENT);
    expect(unknown.headers.getSetCookie()).toEqual([]);
    await mailTo(email);
  });
});

describe.each(dialects)('password reset in development mode (%s)', (dialect) => {
  let smtp: TestSmtpServer;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ dialect, env: { NODE_ENV: 'development', SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server?.services.auth.mailSettled();
    await server?.close();
    await smtp?.close();
  });

  it('returns a working resetUrl, matching the e-mailed link, for known and unknown addresses alike', async () => {
    const api = new ApiClient(server.baseUrl);
    const { email } = await registerUser(api);
    const response = await api.post('/api/auth/forgot-password', { email });
    const body = await response.json();
    expect(body).toEqual({
      ...RESET_SENT,
      resetUrl: expect.stringMatching(/^http:\/\/localhost:0\/reset-password\?token=[a-z2-7]+$/),
    });
    const mail = await smtp.waitForMessage((m) => recipients(m).includes(email));
    expect(mail.text).toContain(body.resetUrl);

    const unknown = await (
      await api.post('/api/auth/forgot-password', { email: uniqueEmail('nobody') })
    ).json();
    expect(Object.keys(unknown).sort()).toEqual(Object.keys(body).sort());

    const token = new URL(body.resetUrl).searchParams.get('token');
    expect((await api.post('/api/auth/reset-password', { token, password: 'dev-new-pass' })).status).toBe(
      200,
    );
  });
});

describe('resetUrl outside development', () => {
  it('is absent in production and test mode', async () => {
    for (const NODE_ENV of ['production', 'test']) {
      const server = await startTestServer({ env: { NODE_ENV } });
      try {
        const api = new ApiClient(server.baseUrl);
        const { email } = await registerUser(api);
        const body = await (await api.post('/api/auth/forgot-password', { email })).json();
        expect(body).toEqual(RESET_SENT);
        await server.services.auth.mailSettled();
      } finally {
        await server.close();
      }
    }
  });
});
