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
});
