import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../api/services/index.js';
import { expiredRecordings, retentionCutoff } from '../../api/services/retention-service.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
let seed = 100;

describe.each(dialects)('retention purge (%s)', (dialect) => {
  let server: TestServer;
  /** Real time while records are saved; moved years ahead for the purge. */
  /** A frozen 'now' once a test travels, so a purge exactly on the cutoff is decided the same every run. */
  let frozenNow: number | null = null;
  const client = () => new ApiClient(server.baseUrl);

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      overrides: (options) => createServices({ ...options, clock: () => new Date(frozenNow ?? Date.now()) }),
    });
  });
  afterEach(() => {
    frozenNow = null;
  });
  afterAll(async () => server?.close());

  async function practice() {
    const api = client();
    const account = await registerUser(api);
    return { api, id: account.user.id };
  }

  async function save(
    api: ApiClient,
    patientName: string,
    clientName: string,
    recordedAt: string,
  ): Promise<string> {
    seed += 1;
    const response = await api.post(
      '/api/recordings/save',
      saveBody(fakeAudio('webm', 3000, seed), { patientName, clientName, recordedAt }),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { recording: { id: string } }).recording.id;
  }

  const remaining = async (practiceId: string) =>
    (
      await server.services.database.db
        .selectFrom('recordings')
        .select('id')
        .where('practiceId', '=', practiceId)
        .execute()
    )
      .map((row) => row.id)
      .sort();
  const audioFiles = (practiceId: string) => {
    const dir = path.join(server.dataDir, 'audio', practiceId);
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => !name.endsWith('.tmp')) : [];
  };
  /** The clock set so that "now" is `iso`. */
  const travelTo = (iso: string) => {
    frozenNow = Date.parse(iso);
  };

  it('deletes a patient’s records and audio once their last consultation is older than the period, and no sooner', async () => {
    const { api, id } = await practice();
    const bellaOld = await save(api, 'Bella', 'Nel', '2020-01-10T08:00:00.000Z');
    const bellaLast = await save(api, ' bella ', 'NEL', '2024-05-01T08:00:00.000Z');
    const maxOld = await save(api, 'Max', 'Botha', '2019-03-01T08:00:00.000Z');
    const maxRecent = await save(api, 'Max', 'Botha', '2025-02-01T08:00:00.000Z');
    const softDeleted = await save(api, 'Rex', 'Dlamini', '2021-01-01T08:00:00.000Z');
    expect((await api.delete(`/api/recordings/${softDeleted}`)).status).toBe(200);
    expect(audioFiles(id)).toHaveLength(5);

    // 1 May 2031, default 7 years: Bella's last visit is exactly on the cutoff (kept); a day later it goes.
    travelTo('2031-05-01T08:00:00.000Z');
    let report = await server.services.retention.purge();
    expect(report.practices.find((p) => p.practiceId === id)?.recordingIds.sort()).toEqual([softDeleted]);
    expect(await remaining(id)).toEqual([bellaOld, bellaLast, maxOld, maxRecent].sort());

    travelTo('2031-05-02T08:00:00.000Z');
    report = await server.services.retention.purge();
    expect(report.practices.find((p) => p.practiceId === id)?.recordingIds.sort()).toEqual(
      [bellaOld, bellaLast].sort(),
    );
    // Max was seen in 2025, so his 2019 record stays with the rest of his history.
    expect(await remaining(id)).toEqual([maxOld, maxRecent].sort());
    expect(audioFiles(id)).toHaveLength(2);
    const versions = await server.services.database.db
      .selectFrom('recordingNoteVersions')
      .select('recordingId')
      .where('recordingId', 'in', [bellaOld, bellaLast, softDeleted])
      .execute();
    expect(versions).toEqual([]);

    const entries = await server.services.audit.list({
      action: 'retention.purge',
      practiceId: id,
      limit: 10,
      offset: 0,
    });
    expect(entries.entries[0]).toMatchObject({
      actorId: null,
      targetType: 'practice',
      details: expect.objectContaining({ retentionYears: 7, recordingsDeleted: 2, audioBlobsDeleted: 2 }),
    });
  });

  it('never purges a practice on legal hold, and purges it once the hold is lifted', async () => {
    const { api, id } = await practice();
    const old = await save(api, 'Daisy', 'Venter', '2018-01-01T08:00:00.000Z');
    await server.services.database.db
      .updateTable('users')
      .set({ legalHold: 1 })
      .where('id', '=', id)
      .execute();
    travelTo('2032-01-01T00:00:00.000Z');
    const held = await server.services.retention.purge();
    expect(held.practices.map((p) => p.practiceId)).not.toContain(id);
    expect(held.practicesOnLegalHold).toBeGreaterThanOrEqual(1);
    expect(await remaining(id)).toEqual([old]);

    await server.services.database.db
      .updateTable('users')
      .set({ legalHold: 0 })
      .where('id', '=', id)
      .execute();
    await server.services.retention.purge();
    expect(await remaining(id)).toEqual([]);
  });

  it('honours a per-practice period, never below the 3-year minimum', async () => {
    const { api, id } = await practice();
    const fourYears = await save(api, 'Socks', 'Mokoena', '2027-01-01T08:00:00.000Z');
    const twoYears = await save(api, 'Bolt', 'Pillay', '2029-01-01T08:00:00.000Z');
    await server.services.database.db
      .updateTable('users')
      .set({ retentionYears: 3 })
      .where('id', '=', id)
      .execute();
    travelTo('2031-01-02T08:00:00.000Z');
    await server.services.retention.purge();
    expect(await remaining(id)).toEqual([twoYears]);
    expect(fourYears).toBeTruthy();

    // A value below the minimum that slipped into the database is treated as 3, never less.
    await server.services.database.db
      .updateTable('users')
      .set({ retentionYears: 1 })
      .where('id', '=', id)
      .execute();
    await server.services.retention.purge();
    expect(await remaining(id)).toEqual([twoYears]);
  });

  it('dry runs delete nothing, through the service and the admin endpoint', async () => {
    const { api, id } = await practice();
    const old = await save(api, 'Ghost', 'Nobody', '2015-01-01T08:00:00.000Z');
    travelTo('2030-01-01T00:00:00.000Z');
    const report = await server.services.retention.purge({ dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.practices.find((p) => p.practiceId === id)?.recordingIds).toEqual([old]);

    const admin = client();
    const account = await registerUser(admin);
    await server.services.admin.bootstrapAdmin({ email: account.email });
    const response = await admin.post('/api/admin/retention/purge', {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      report: { dryRun: boolean; practices: Array<{ practiceId: string; recordings: number }> };
    };
    expect(body.report.dryRun).toBe(true);
    expect(body.report.practices).toContainEqual(expect.objectContaining({ practiceId: id, recordings: 1 }));
    expect(await remaining(id)).toEqual([old]);
    expect(audioFiles(id)).toHaveLength(1);
  });

  it('forgets stored Idempotency-Key outcomes after 7 days, and not before', async () => {
    const { api, id } = await practice();
    seed += 1;
    const key = `retention-${dialect}-${seed}`;
    const response = await api.post(
      '/api/recordings/save',
      saveBody(fakeAudio('webm', 3000, seed), { patientName: 'Replay', clientName: 'Owner' }),
      {
        'Idempotency-Key': key,
      },
    );
    expect(response.status).toBe(200);
    const stored = () =>
      server.services.database.db
        .selectFrom('idempotencyKeys')
        .select(['key', 'completedAt'])
        .where('practiceId', '=', id)
        .execute();
    const [row] = await stored();
    expect(row?.key).toBe(key);
    const completed = Date.parse(row!.completedAt!);

    frozenNow = completed + 6.9 * 86_400_000;
    expect((await server.services.retention.purge()).idempotencyKeysPruned).toBe(0);
    expect(await stored()).toHaveLength(1);
    frozenNow = completed + 7.1 * 86_400_000;
    expect((await server.services.retention.purge()).idempotencyKeysPruned).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
    // The recording itself is a clinical record: untouched.
    expect(await remaining(id)).toHaveLength(1);
  });

  it('runs on a timer in the server', async () => {
    const { api, id } = await practice();
    await save(api, 'Timer', 'Test', '2010-01-01T08:00:00.000Z');
    travelTo('2030-01-01T00:00:00.000Z');
    const stop = server.services.retention.schedule(50);
    try {
      const deadline = Date.now() + 10_000;
      while ((await remaining(id)).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(await remaining(id)).toEqual([]);
    } finally {
      stop();
    }
  });
});

describe('retention rules', () => {
  const row = (id: string, patientName: string, clientName: string | null, recordedAt: string) => ({
    id,
    patientName,
    clientName,
    recordedAt,
    audioBlobKey: null,
  });

  it('computes the cutoff in calendar years, with 3 as the floor', () => {
    expect(retentionCutoff(new Date('2031-03-01T00:00:00Z'), 7).toISOString()).toBe(
      '2024-03-01T00:00:00.000Z',
    );
    expect(retentionCutoff(new Date('2031-03-01T00:00:00Z'), 1).toISOString()).toBe(
      '2028-03-01T00:00:00.000Z',
    );
    expect(
      Math.abs(Date.parse('2031-03-01') - retentionCutoff(new Date('2031-03-01'), 3).getTime() - 3 * YEAR_MS),
    ).toBeLessThan(2 * 86400_000);
  });

  it('groups by patient and owner, ignoring case and spacing', () => {
    const rows = [
      row('a', 'Bella', 'Nel', '2010-01-01T00:00:00Z'),
      row('b', 'BELLA ', ' nel', '2029-01-01T00:00:00Z'),
      row('c', 'Bella', 'Smit', '2010-01-01T00:00:00Z'),
      row('d', 'Stray', null, '2010-01-01T00:00:00Z'),
    ];
    expect(expiredRecordings(rows, new Date('2024-01-01T00:00:00Z')).map((r) => r.id)).toEqual(['c', 'd']);
  });
});
