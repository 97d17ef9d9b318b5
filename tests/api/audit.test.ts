import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sanitiseDetails } from '../../api/services/audit-service.js';
import { createServices } from '../../api/services/index.js';
import { registerUser, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

interface Entry {
  id: number;
  occurredAt: string;
  actorId: string | null;
  actorEmail: string | null;
  practiceId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  clientAddress: string | null;
}
interface Page {
  entries: Entry[];
  total: number;
  limit: number;
  offset: number;
}

const T0 = Date.parse('2031-06-01T10:00:00.000Z');

describe.each(dialects)('audit log (%s)', (dialect) => {
  let server: TestServer;
  /** A fixed clock the tests step: entries get exact, known times. */
  let now = T0;
  const client = () => new ApiClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { TRUST_PROXY: 'true' },
      overrides: (options) => createServices({ ...options, clock: () => new Date(now) }),
    });
  });
  afterEach(() => {
    now = T0;
  });
  afterAll(async () => server?.close());

  async function adminClient() {
    const api = client();
    const account = await registerUser(api, { practiceName: 'Head Office' });
    await server.services.admin.bootstrapAdmin({ email: account.email });
    return { api, ...account };
  }

  async function page(api: ApiClient, query: string): Promise<Page> {
    const response = await api.get(`/api/admin/audit${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Page;
  }

  it('records sign-ins, successful and failed, with who, what, when (UTC) and where, and no password', async () => {
    const admin = await adminClient();
    const vet = await registerUser(client());
    now = T0 + 60_000;
    await client().post(
      '/api/auth/login',
      { email: vet.email, password: 'wrong-secret' },
      { 'X-Forwarded-For': '203.0.113.9' },
    );
    now = T0 + 120_000;
    await client().post(
      '/api/auth/login',
      { email: vet.email, password: vet.password },
      { 'X-Forwarded-For': '203.0.113.9' },
    );
    const ghost = uniqueEmail('ghost');
    await client().post('/api/auth/login', { email: ghost, password: 'hunter2-hunter2' });

    const { entries } = await page(admin.api, `?action=auth.login&actor=${encodeURIComponent(vet.user.id)}`);
    expect(entries.map((e) => [e.action, e.occurredAt])).toEqual([
      ['auth.login.success', '2031-06-01T10:02:00.000Z'],
      ['auth.login.failure', '2031-06-01T10:01:00.000Z'],
    ]);
    expect(entries[1]).toEqual({
      id: expect.any(Number),
      occurredAt: '2031-06-01T10:01:00.000Z',
      actorId: vet.user.id,
      actorEmail: vet.email,
      practiceId: vet.user.id,
      action: 'auth.login.failure',
      targetType: 'user',
      targetId: vet.user.id,
      details: { email: vet.email, reason: 'wrong-password' },
      clientAddress: '203.0.113.9',
    });
    const unknown = await page(admin.api, `?action=auth.login.failure&actor=${encodeURIComponent(ghost)}`);
    expect(unknown.entries).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: ghost,
        details: { email: ghost, reason: 'unknown-account' },
      }),
    ]);

    // No secret reaches the log, whatever the event.
    const everything = JSON.stringify(
      await server.services.database.db.selectFrom('auditLog').selectAll().execute(),
    );
    for (const secret of [vet.password, 'wrong-secret', 'hunter2-hunter2', admin.password])
      expect(everything).not.toContain(secret);
  });

  it('records admin actions with their before and after', async () => {
    const admin = await adminClient();
    const vet = await registerUser(client());
    await admin.api.post(`/api/admin/users/${vet.user.id}/set-admin`, { isAdmin: true });
    await admin.api.post(`/api/admin/users/${vet.user.id}/retention`, { retentionYears: 9 });
    await admin.api.post(`/api/admin/users/${vet.user.id}/set-admin`, { isAdmin: false });
    await admin.api.delete(`/api/admin/users/${vet.user.id}`);

    const { entries } = await page(admin.api, `?action=admin.user&practice=${vet.user.id}`);
    expect(entries.map((e) => e.action)).toEqual([
      'admin.user.delete',
      'admin.user.set_admin',
      'admin.user.retention',
      'admin.user.set_admin',
    ]);
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorId: admin.user.id,
        actorEmail: admin.email,
        targetType: 'user',
        targetId: vet.user.id,
      });
    }
    expect(entries[0]!.details).toEqual({
      email: vet.email,
      practiceName: 'Karoo Vet Clinic',
      recordingsDeleted: 0,
      audioBlobsDeleted: 0,
    });
    expect(entries[2]!.details).toEqual({
      email: vet.email,
      from: { retentionYears: 7, legalHold: false },
      to: { retentionYears: 9, legalHold: false },
    });
  });

  it('filters by time (from inclusive, to exclusive, bare dates), pages with limit/offset, and audits its own viewing', async () => {
    const days = ['2031-07-01T08:00:00.000Z', '2031-07-02T08:00:00.000Z', '2031-07-03T08:00:00.000Z'];
    now = Date.parse(days[0]!) - 60_000;
    const admin = await adminClient();
    const vet = await registerUser(client());
    for (const day of days) {
      now = Date.parse(day);
      await client().post('/api/auth/login', { email: vet.email, password: vet.password });
    }
    const base = `?actor=${vet.user.id}&action=auth.login.success`;
    expect((await page(admin.api, `${base}&from=2031-07-02`)).entries.map((e) => e.occurredAt)).toEqual([
      days[2],
      days[1],
    ]);
    expect((await page(admin.api, `${base}&to=2031-07-02`)).entries.map((e) => e.occurredAt)).toEqual([
      days[1],
      days[0],
    ]);
    expect(
      (await page(admin.api, `${base}&from=2031-07-02T08:00:00Z&to=2031-07-03T08:00:00%2B00:00`)).entries.map(
        (e) => e.occurredAt,
      ),
    ).toEqual([days[1]]);
    const second = await page(admin.api, `${base}&limit=1&offset=1`);
    expect(second).toEqual({
      entries: [expect.objectContaining({ occurredAt: days[1] })],
      total: 3,
      limit: 1,
      offset: 1,
    });

    const views = await page(admin.api, `?action=admin.audit.view&actor=${encodeURIComponent(admin.email)}`);
    expect(views.total).toBe(4);
    expect(views.entries[0]!.details).toEqual({
      filter: expect.objectContaining({ actor: vet.user.id }),
      returned: 1,
    });
  });

  it('answers bad filters with 400 and a clear message, and non-admins with 403', async () => {
    const admin = await adminClient();
    const cases: Array<[string, RegExp]> = [
      ['?limit=0', /limit must be at least 1/],
      ['?limit=501', /limit must be at most 500/],
      ['?limit=abc', /limit must be a number/],
      ['?offset=-1', /offset must be 0 or more/],
      ['?from=yesterday', /from must be a date/],
      ['?to=2031-13-45', /to must be a date/],
      ['?action=DROP%20TABLE', /action must look like/],
      ['?practice=%00', /practice must be a user id/],
    ];
    for (const [query, message] of cases) {
      const response = await admin.api.get(`/api/admin/audit${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const vet = client();
    await registerUser(vet);
    expect((await vet.get('/api/admin/audit')).status).toBe(403);
    expect((await client().get('/api/admin/audit')).status).toBe(401);
  });

  it('is append-only: the database itself refuses UPDATE and DELETE', async () => {
    await registerUser(client());
    const db = server.services.database.db;
    await expect(sql`UPDATE "auditLog" SET "action" = 'tampered'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM "auditLog"`.execute(db)).rejects.toThrow(/append-only/);
    const rows = await db.selectFrom('auditLog').select('action').where('action', '=', 'tampered').execute();
    expect(rows).toEqual([]);
  });

  it('gives other modules record(): secrets in details are redacted, the clock is UTC, practice defaults to the actor', async () => {
    const vet = await registerUser(client());
    now = Date.parse('2031-08-01T12:00:00.000Z');
    await server.services.audit.record({
      actorId: vet.user.id,
      action: 'export.email',
      targetType: 'recording',
      targetId: 'rec-1',
      details: {
        channel: 'email',
        recipient: 'farmer@example.co.za',
        smtpPassword: 'p@ss',
        nested: { apiKey: 'k', ok: 1 },
      },
    });
    const entry = await server.services.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('targetId', '=', 'rec-1')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      occurredAt: '2031-08-01T12:00:00.000Z',
      actorEmail: vet.email,
      practiceId: vet.user.id,
    });
    expect(JSON.parse(entry.details)).toEqual({
      channel: 'email',
      recipient: 'farmer@example.co.za',
      smtpPassword: '[redacted]',
      nested: { apiKey: '[redacted]', ok: 1 },
    });
  });
});

describe('sanitiseDetails', () => {
  it('redacts secret-looking keys at any depth, cuts long strings and bounds depth', () => {
    expect(
      sanitiseDetails({
        token: 't',
        cookie: 'c',
        Authorization: 'a',
        audioData: 'AAAA',
        resetUrl: 'x',
        list: [{ password: 1 }],
      }),
    ).toEqual({
      token: '[redacted]',
      cookie: '[redacted]',
      Authorization: '[redacted]',
      audioData: '[redacted]',
      resetUrl: 'x',
      list: [{ password: '[redacted]' }],
    });
    expect((sanitiseDetails('x'.repeat(600)) as string).length).toBe(501);
    expect(sanitiseDetails({ a: { b: { c: { d: { e: 1 } } } } })).toEqual({
      a: { b: { c: { d: '[nested]' } } },
    });
  });
});
