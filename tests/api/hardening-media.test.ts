/**
 * Issue 14 (hardening), the media and boundary items: practice-name rules at sign-up, transcription
 * progress scoped to the practice, the decoder bound, blob-store sweeps, file modes, server timeouts and
 * the published upload limit. Over real HTTP, on SQLite and PostgreSQL where the item touches the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';

describe.each(dialects)('hardening, database-backed items (%s)', (dialect) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
  });
  afterAll(async () => server?.close());

  describe('sign-up applies the Settings rules to the practice name', () => {
    it.each([
      ['CR/LF (header injection)', 'Karoo Vets\r\nBcc: victim@example.com'],
      ['a bare LF', 'Karoo\nVets'],
      ['NUL', 'Karoo\u0000Vets'],
      ['another C0 control', 'Karoo\u0007Vets'],
      ['a C1 control', 'Karoo\u0085Vets'],
      ['a right-to-left override', 'Karoo \u202Eslev'],
      ['a bidi isolate', 'Karoo \u2067Vets\u2069'],
      ['HTML', '<img src=x onerror=alert(1)>'],
      ['a script tag', 'Karoo<script>alert(1)</script>'],
    ])('refuses %s with 400 and creates no account', async (_label, practiceName) => {
      const client = new ApiClient(server.baseUrl);
      const email = uniqueEmail('name');
      const response = await client.post('/api/auth/register', { email, password: 'secret1', practiceName });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/practiceName/i);
      const row = await server.services.database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("accepts real names with '&', quotes, accents and Afrikaans letters", async () => {
      for (const practiceName of [
        "Smith & O'Brien Vets",
        'Dierekliniek Sûid-Kaap (Edms) Bpk',
        '"Bosveld" Veeartse',
      ]) {
        const { user } = await registerUser(new ApiClient(server.baseUrl), { practiceName });
        const row = await server.services.database.db
          .selectFrom('users')
          .select('practiceName')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        expect(row.practiceName).toBe(practiceName);
      }
    });

    it('Settings refuses exactly what sign-up refuses (one shared rule)', async () => {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      for (const practiceName of ['Karoo\u0000Vets', 'Karoo \u202Eslev', '<b>Karoo</b>', 'Karoo\r\nVets']) {
        const response = await client.request('PUT', '/api/settings/practice', { practiceName });
        expect(response.status, JSON.stringify(practiceName)).toBe(400);
      }
      const cleared = await client.request('PUT', '/api/settings/practice', { practiceName: '' });
      expect(cleared.status).toBe(200);
    });
  });
  describe('transcription progress is scoped to the practice', () => {
    const notAudio = () => {
      const body = new FormData();
      body.append(
        'audio',
        new Blob([new TextEncoder().encode('this is not audio at all')], { type: 'audio/webm' }),
        'x.webm',
      );
      return body;
    };

    it("another practice can neither read, take over nor evict a practice's job", async () => {
      const a = new ApiClient(server.baseUrl);
      const b = new ApiClient(server.baseUrl);
      await registerUser(a, { practiceName: 'Practice A' });
      await registerUser(b, { practiceName: 'Practice B' });
      const id = `shared-${Math.random().toString(36).slice(2, 10)}`;
      // A's job ends at once (415: not audio), so its entry is a finished one another request could reuse.
      expect((await a.request('POST', '/api/transcribe', notAudio(), { 'x-request-id': id })).status).toBe(
        415,
      );
      expect(await (await a.get(`/api/transcribe/progress/${id}`)).json()).toMatchObject({
        id,
        stage: 'failed',
        errorStatus: 415,
      });

      expect((await b.get(`/api/transcribe/progress/${id}`)).status).toBe(404);
      // B starts a job under the same id: its own job, A's stays A's.
      expect(
        (await b.request('POST', '/api/transcribe', new FormData(), { 'x-request-id': id })).status,
      ).toBe(400);
      expect(await (await b.get(`/api/transcribe/progress/${id}`)).json()).toMatchObject({
        id,
        errorStatus: 400,
      });
      expect(await (await a.get(`/api/transcribe/progress/${id}`)).json()).toMatchObject({
        id,
        errorStatus: 415,
      });

      // B floods the store past its per-practice bound (TRANSCRIPTION_PROGRESS_PER_PRACTICE, 100): only
      // B's own oldest entries make way.
      for (let batch = 0; batch < 4; batch++) {
        await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            b.request('POST', '/api/transcribe', new FormData(), {
              'x-request-id': `flood-${batch}-${i}-${id}`,
            }),
          ),
        );
      }
      expect((await a.get(`/api/transcribe/progress/${id}`)).status).toBe(200);
      expect((await b.get(`/api/transcribe/progress/flood-0-0-${id}`)).status).toBe(404);
      expect((await b.get(`/api/transcribe/progress/flood-3-29-${id}`)).status).toBe(200);
    });
  });
});
