import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, type AdminUser } from '#shared/schemas/admin.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

describe.each(dialects)('admin API (%s)', (dialect) => {
  let server: TestServer;
  const client = () => new ApiClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server?.close());

  async function signedIn(practiceName = 'Karoo Vet Clinic') {
    const api = client();
    const account = await registerUser(api, { practiceName });
    return { api, id: account.user.id, email: account.email, password: account.password };
  }

  async function signedInAdmin() {
    const account = await signedIn('Head Office');
    await server.services.admin.bootstrapAdmin({ email: account.email });
    return account;
  }

  async function saveRecording(
    api: ApiClient,
    seed: number,
    overrides: Record<string, unknown> = {},
  ): Promise<string> {
    const response = await api.post(
      '/api/recordings/save',
      saveBody(fakeAudio('webm', 4000, seed), overrides),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { recording: { id: string } }).recording.id;
  }

  async function usersOf(api: ApiClient): Promise<AdminUser[]> {
    const response = await api.get('/api/admin/users');
    expect(response.status).toBe(200);
    return ((await response.json()) as { users: AdminUser[] }).users;
  }

  it('lists users with recording counts (deleted recordings excluded) in the spec shape', async () => {
    const admin = await signedInAdmin();
    const vet = await signedIn('Bushveld Vets');
    await saveRecording(vet.api, 1);
    const deleted = await saveRecording(vet.api, 2, { patientName: 'Tiger' });
    expect((await vet.api.delete(`/api/recordings/${deleted}`)).status).toBe(200);

    const users = await usersOf(admin.api);
    const row = users.find((user) => user.id === vet.id);
    expect(row).toEqual({
      id: vet.id,
      email: vet.email,
      practiceName: 'Bushveld Vets',
      recordingCount: 1,
      isAdmin: 0,
      retentionYears: 7,
      legalHold: false,
      createdAt: expect.any(String),
    });
    expect(users.find((user) => user.id === admin.id)?.isAdmin).toBe(1);
  });

  it('counts users, non-deleted recordings and practices (a name or a recording)', async () => {
    const admin = await signedInAdmin();
    const before = (await (await admin.api.get('/api/admin/stats')).json()) as {
      stats: { totalUsers: number; totalRecordings: number; totalPractices: number };
    };
    const vet = await signedIn('Lowveld Large Animal');
    await saveRecording(vet.api, 3);
    // An account without a practice name or recordings is a user but not a practice.
    const now = new Date().toISOString();
    await server.services.database.db
      .insertInto('users')
      .values({
        id: crypto.randomUUID(),
        email: `bare-${Date.now()}@example.co.za`,
        passwordHash: 'x',
        practiceName: '  ',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const after = (await (await admin.api.get('/api/admin/stats')).json()) as typeof before;
    expect(after.stats).toEqual({
      totalUsers: before.stats.totalUsers + 2,
      totalRecordings: before.stats.totalRecordings + 1,
      totalPractices: before.stats.totalPractices + 1,
    });
  });

  it('grants and removes admin; the change applies to the next request', async () => {
    const admin = await signedInAdmin();
    const vet = await signedIn();
    expect((await vet.api.get('/api/admin/users')).status).toBe(403);

    const grant = await admin.api.post(`/api/admin/users/${vet.id}/set-admin`, { isAdmin: true });
    expect(grant.status).toBe(200);
    expect(await grant.json()).toEqual({
      success: true,
      user: expect.objectContaining({ id: vet.id, isAdmin: 1 }),
    });
    expect((await vet.api.get('/api/admin/users')).status).toBe(200);
    expect(
      ((await (await vet.api.get('/api/auth/me')).json()) as { user: { isAdmin: number } }).user.isAdmin,
    ).toBe(1);

    const revoke = await admin.api.post(`/api/admin/users/${vet.id}/set-admin`, { isAdmin: false });
    expect(revoke.status).toBe(200);
    expect((await vet.api.get('/api/admin/users')).status).toBe(403);
  });

  it('refuses an admin removing their own flag or deleting themselves, with messages the UI can show', async () => {
    const admin = await signedInAdmin();
    const demote = await admin.api.post(`/api/admin/users/${admin.id}/set-admin`, { isAdmin: false });
    expect(demote.status).toBe(400);
    expect(await demote.json()).toEqual({ error: adminMessages.cannotDemoteSelf });
    const remove = await admin.api.delete(`/api/admin/users/${admin.id}`);
    expect(remove.status).toBe(400);
    expect(await remove.json()).toEqual({ error: adminMessages.cannotDeleteSelf });
    // Re-granting oneself is harmless.
    expect((await admin.api.post(`/api/admin/users/${admin.id}/set-admin`, { isAdmin: true })).status).toBe(
      200,
    );
    expect((await admin.api.get('/api/admin/users')).status).toBe(200);
  });

  it('never removes the last admin, even when two admins race to remove each other', async () => {
    const db = server.services.database.db;
    await db.updateTable('users').set({ isAdmin: 0 }).execute();
    const first = await signedInAdmin();
    const second = await signedInAdmin();
    const [a, b] = await Promise.all([
      first.api.post(`/api/admin/users/${second.id}/set-admin`, { isAdmin: false }),
      second.api.post(`/api/admin/users/${first.id}/set-admin`, { isAdmin: false }),
    ]);
    const statuses = [a.status, b.status].sort();
    // One wins; the loser is either refused as no longer an admin (403) or as the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await db.selectFrom('users').select('id').where('isAdmin', '=', 1).execute();
    expect(admins).toHaveLength(1);

    // The service guard itself: with one admin left, removing them is a 409 with the message.
    const outcome = await server.services.admin
      .setAdmin(
        {
          user: { id: 'someone-else', email: 'x@y.z', practiceName: null, isAdmin: 1 },
          clientAddress: 'test',
        },
        admins[0]!.id,
        false,
      )
      .catch((error: Error) => error.message);
    expect(outcome).toBe(adminMessages.lastAdmin);
    const deletion = await server.services.admin
      .deleteUser(
        {
          user: { id: 'someone-else', email: 'x@y.z', practiceName: null, isAdmin: 1 },
          clientAddress: 'test',
        },
        admins[0]!.id,
      )
      .catch((error: Error) => error.message);
    expect(deletion).toBe(adminMessages.lastAdmin);
  });

  it('deletes a user with all their recordings, note versions and audio files, and ends their sessions', async () => {
    const admin = await signedInAdmin();
    const vet = await signedIn();
    const otherDevice = client();
    expect(
      (await otherDevice.post('/api/auth/login', { email: vet.email, password: vet.password })).status,
    ).toBe(200);
    const kept = await signedIn();
    const keptRecording = await saveRecording(kept.api, 10);
    for (const seed of [11, 12]) await saveRecording(vet.api, seed, { patientName: `Patient ${seed}` });
    const audioDir = path.join(server.dataDir, 'audio', vet.id);
    expect(fs.readdirSync(audioDir).length).toBe(2);

    const response = await admin.api.delete(`/api/admin/users/${vet.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, recordingsDeleted: 2 });

    for (const api of [vet.api, otherDevice]) expect((await api.get('/api/auth/me')).status).toBe(401);
    const db = server.services.database.db;
    expect(await db.selectFrom('recordings').select('id').where('practiceId', '=', vet.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('sessions').select('id').where('userId', '=', vet.id).execute()).toEqual([]);
    expect(
      await db
        .selectFrom('recordingNoteVersions')
        .select('recordingId')
        .where('practiceId', '=', vet.id)
        .execute(),
    ).toEqual([]);
    const leftover = fs.existsSync(audioDir)
      ? fs.readdirSync(audioDir).filter((name) => !name.startsWith('.'))
      : [];
    expect(leftover).toEqual([]);
    expect(
      (await client().post('/api/auth/login', { email: vet.email, password: vet.password })).status,
    ).toBe(401);
    // Someone else's data is untouched.
    expect((await kept.api.get(`/api/recordings/${keptRecording}`)).status).toBe(200);

    const again = await admin.api.delete(`/api/admin/users/${vet.id}`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: adminMessages.userNotFound });
  });

  it('sets retention (SAVC minimum 3 years) and legal hold, with clear 400s', async () => {
    const admin = await signedInAdmin();
    const vet = await signedIn();
    const set = await admin.api.post(`/api/admin/users/${vet.id}/retention`, {
      retentionYears: 10,
      legalHold: true,
    });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({
      success: true,
      user: expect.objectContaining({ id: vet.id, retentionYears: 10, legalHold: true }),
    });
    const cases: Array<[unknown, RegExp]> = [
      [{ retentionYears: 2 }, /at least 3 \(SA Veterinary Council minimum\)/],
      [{ retentionYears: 4.5 }, /whole number/],
      [{ legalHold: 'yes' }, /legalHold must be true or false/],
      [{}, /Send retentionYears, legalHold or both/],
    ];
    for (const [body, message] of cases) {
      const response = await admin.api.post(`/api/admin/users/${vet.id}/retention`, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
    const unknown = await admin.api.post(`/api/admin/users/${crypto.randomUUID()}/retention`, {
      legalHold: false,
    });
    expect(unknown.status).toBe(404);
  });

  it('validates ids and bodies with 400s, never 500s', async () => {
    const admin = await signedInAdmin();
    const vet = await signedIn();
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', `/api/admin/users/${vet.id}/set-admin`, { isAdmin: 'true' }, /isAdmin must be true or false/],
      ['POST', `/api/admin/users/${vet.id}/set-admin`, {}, /isAdmin must be true or false/],
      ['POST', `/api/admin/users/${vet.id}/set-admin`, '{not json', /Malformed JSON|JSON/i],
      ['POST', '/api/admin/users/bad%20id/set-admin', { isAdmin: true }, /id must be a user id/],
      ['DELETE', '/api/admin/users/%00', undefined, /id must be a user id/],
    ];
    for (const [method, url, body, message] of cases) {
      const response = await admin.api.request(method, url, body);
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
  });
});
