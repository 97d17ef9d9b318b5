import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { terminateConnections } from '../helpers/postgres.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('PostgreSQL connections lost under the API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ dialect: 'postgres' });
  });
  afterAll(async () => server?.close());

  it('survives a PostgreSQL restart dropping its idle connections, and serves the next request', async () => {
    const api = new ApiClient(server.baseUrl);
    await registerUser(api, { practiceName: 'Overberg Vets' });
    // Several requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 4 }, () => api.get('/api/auth/me')));
    expect(warm.map((response) => response.status)).toEqual([200, 200, 200, 200]);

    // What a restart or a dropped link does: every server process of this database ends. pg's pool
    // re-emits the idle clients' errors; unhandled, that event would crash the API process.
    expect(await terminateConnections(server.postgresDatabase!)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const me = await api.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { practiceName: string } }).user.practiceName).toBe('Overberg Vets');
  });
});
