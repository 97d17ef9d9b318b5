import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Logger } from '../../api/logging/index.js';
import { cookieValue, registerUser, sessionSetCookie } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** A logger whose lines are kept in memory, parsed, at the level an operator would run. */
function memoryLogger(): { logger: Logger; lines: string[]; entries: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void lines.push(line) },
  });
  return { logger, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('request log', () => {
  let server: TestServer;
  const log = memoryLogger();

  beforeAll(async () => {
    server = await startTestServer({ logger: log.logger });
  });
  afterAll(async () => server?.close());

  it('writes one line per request with method, path, status, ms and the id the response carries', async () => {
    const client = new ApiClient(server.baseUrl);
    const response = await client.get('/api/health?probe=1');
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const line = log.entries().find((entry) => entry.requestId === id);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/health',
      status: 200,
    });
    expect(typeof line?.ms).toBe('number');
    expect(line?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(String(line?.time)) - Date.now())).toBeLessThan(60_000);
    // The query string is not logged (reset links and filters travel there).
    expect(JSON.stringify(line)).not.toContain('probe');
  });

  it("keeps the client's well-formed X-Request-Id, so a recording's upload and its log lines match", async () => {
    const client = new ApiClient(server.baseUrl);
    const response = await client.get('/api/health', { 'X-Request-Id': 'rec-V1StGXR8_Z5jdHi6B' });
    expect(response.headers.get('x-request-id')).toBe('rec-V1StGXR8_Z5jdHi6B');
    expect(log.entries().some((entry) => entry.requestId === 'rec-V1StGXR8_Z5jdHi6B')).toBe(true);
  });

  it('never writes a password, session cookie, bearer token or reset token', async () => {
    const client = new ApiClient(server.baseUrl);
    const password = 'Correct-Horse-9137';
    const account = await registerUser(client, { password });
    const session = cookieValue(sessionSetCookie(client)!);
    await client.post('/api/auth/login', { email: account.email, password });
    await client.post('/api/auth/login', { email: account.email, password: 'Wrong-Battery-4471' });
    await client.get('/api/auth/me', { Authorization: 'Bearer bearer-token-5521' });
    await client.post('/api/auth/reset-password', {
      token: 'reset-token-8813',
      password: 'Staple-Horse-2290',
    });
    const output = log.lines.join('');
    expect(log.entries().filter((entry) => entry.path === '/api/auth/login')).toHaveLength(2);
    for (const secret of [
      password,
      'Wrong-Battery-4471',
      session,
      'bearer-token-5521',
      'reset-token-8813',
      'Staple-Horse-2290',
    ])
      expect(output).not.toContain(secret);
  });
});

describe('logger redaction', () => {
  it('stamps each line with the time it was written, to the millisecond', async () => {
    const own = memoryLogger();
    own.logger.info('first');
    const firstWritten = Date.now();
    // The stamp is formatted once per millisecond: a line in a later millisecond must not reuse it.
    while (Date.now() === firstWritten) await new Promise((resolve) => setImmediate(resolve));
    own.logger.info('second');
    const [first, second] = own.entries().map((entry) => Date.parse(String(entry.time)));
    expect(first).toBeLessThanOrEqual(firstWritten);
    expect(second).toBeGreaterThan(first!);
  });

  it('censors secret-looking keys that a careless log call hands it, top level and one down', () => {
    const log = memoryLogger();
    log.logger.info(
      {
        password: 'pw-top-1',
        user: { email: 'vet@example.co.za', token: 'tok-nested-2', apiKey: 'key-nested-3' },
        headers: { cookie: 'veldvet_session=cookie-4', authorization: 'Bearer auth-5' },
        settings: { emailPassword: 'smtp-6' },
        request: { method: 'GET', headers: { 'set-cookie': 'set-cookie-7', accept: 'application/json' } },
      },
      'careless',
    );
    const output = log.lines.join('');
    for (const secret of [
      'pw-top-1',
      'tok-nested-2',
      'key-nested-3',
      'cookie-4',
      'auth-5',
      'smtp-6',
      'set-cookie-7',
    ])
      expect(output).not.toContain(secret);
    expect(output).toContain('vet@example.co.za');
    expect(output).toContain('application/json');
    expect(output).toContain('[redacted]');
  });

  it('copies nothing when nothing is secret, and never changes the caller’s object', async () => {
    const { censorSecrets } = await import('../../api/logging/index.js');
    const line = { requestId: 'r1', method: 'GET', path: '/api/health', status: 200, ms: 0.4 };
    expect(censorSecrets(line)).toBe(line);
    const careless = { user: { email: 'a@b.co.za', password: 'pw' } };
    expect(censorSecrets(careless)).toEqual({ user: { email: 'a@b.co.za', password: '[redacted]' } });
    expect(careless.user.password).toBe('pw');
  });

  it('reads its level from LOG_LEVEL, and is silent under test unless told otherwise', async () => {
    const { logLevelFromEnv } = await import('../../api/logging/index.js');
    expect(logLevelFromEnv({ NODE_ENV: 'test' })).toBe('silent');
    expect(logLevelFromEnv({ NODE_ENV: 'production' })).toBe('info');
    expect(logLevelFromEnv({ NODE_ENV: 'test', LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevelFromEnv({ LOG_LEVEL: 'loud' })).toBe('info');
  });
});
