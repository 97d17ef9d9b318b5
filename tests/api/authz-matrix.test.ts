/**
 * Authorisation matrix: every route of the app × every role × whose object it is → the expected status.
 *
 * The table below must list exactly the routes the app serves (walked from app.routes). Adding a route
 * without a row here fails this test with a message saying what to add; so does a row for a route that
 * no longer exists. Each case runs over real HTTP with its own fresh session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app.js';
import { SESSION_COOKIE, registerUser, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { herdForm } from './herd-fixtures.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

type Role = 'anonymous' | 'practiceAUser' | 'practiceAAdmin' | 'practiceBUser';
type Owner = 'A' | 'B';
const roles: Role[] = ['anonymous', 'practiceAUser', 'practiceAAdmin', 'practiceBUser'];
const owners: Owner[] = ['A', 'B'];

/** One status for both objects, or one per owner of the object the request names. */
type Expected = number | Record<Owner, number>;

interface Account {
  id: string;
  email: string;
  password: string;
}

interface World {
  server: TestServer;
  userA: Account;
  adminA: Account;
  userB: Account;
  /** A non-destructive object (recording) of each practice. */
  recording: Record<Owner, string>;
  /** A herd visit of each practice (issue 20). */
  herdVisit: Record<Owner, string>;
  /** A fresh recording of that practice, for routes that destroy their object. */
  freshRecording(owner: Owner): Promise<string>;
  /** A fresh account of that practice, for routes that destroy it. */
  freshUser(owner: Owner): Promise<string>;
  /** The plain user of that practice. */
  user(owner: Owner): Account;
}

interface MatrixRequest {
  path: string;
  body?: unknown;
}

interface MatrixEntry {
  /** What to send for the case whose object belongs to `owner`; routes without an object ignore it. */
  request(world: World, owner: Owner): MatrixRequest | Promise<MatrixRequest>;
  expect: Record<Role, Expected>;
}

// ---- Role patterns ------------------------------------------------------------------------------------
const everyone = (status: number): Record<Role, Expected> => ({
  anonymous: status,
  practiceAUser: status,
  practiceAAdmin: status,
  practiceBUser: status,
});
const signedIn = (status: number): Record<Role, Expected> => ({ ...everyone(status), anonymous: 401 });
const adminsOnly = (status: number): Record<Role, Expected> => ({
  anonymous: 401,
  practiceAUser: 403,
  practiceAAdmin: status,
  practiceBUser: 403,
});
/** Clinical records: only the owning practice; another practice's id is 404 (no existence leak), admins included. */
const ownPracticeOnly = (status: number): Record<Role, Expected> => ({
  anonymous: 401,
  practiceAUser: { A: status, B: 404 },
  practiceAAdmin: { A: 404, B: 404 },
  practiceBUser: { A: 404, B: status },
});

const audioUpload = (seed: number) => {
  const form = new FormData();
  form.append(
    'audio',
    new Blob([Buffer.from(fakeAudio('webm', 2000, seed))], { type: 'audio/webm' }),
    'recording.webm',
  );
  form.append('metadata', JSON.stringify({ ...saveBody(new Uint8Array(0)), audioData: undefined }));
  return form;
};
let seed = 5000;

// ---- The matrix --------------------------------------------------------------------------------------
const matrix: Record<string, MatrixEntry> = {
  // Public
  'GET /api/health': { request: () => ({ path: '/api/health' }), expect: everyone(200) },
  'GET /api/app-info': { request: () => ({ path: '/api/app-info' }), expect: everyone(200) },
  'GET /api/openapi.json': { request: () => ({ path: '/api/openapi.json' }), expect: everyone(200) },
  'POST /api/auth/register': {
    request: () => ({
      path: '/api/auth/register',
      body: { email: uniqueEmail('matrix'), password: 'secret1', practiceName: 'New' },
    }),
    expect: everyone(200),
  },
  'POST /api/auth/login': {
    request: (w, owner) => ({
      path: '/api/auth/login',
      body: { email: w.user(owner).email, password: w.user(owner).password },
    }),
    expect: everyone(200),
  },
  'POST /api/auth/logout': { request: () => ({ path: '/api/auth/logout' }), expect: everyone(200) },
  'POST /api/auth/forgot-password': {
    request: () => ({ path: '/api/auth/forgot-password', body: { email: uniqueEmail('matrix-reset') } }),
    expect: everyone(200),
  },
  // Public, refused on its token (400), which shows no sign-in gate stands in front of it.
  'POST /api/auth/reset-password': {
    request: () => ({
      path: '/api/auth/reset-password',
      body: { token: 'not-a-real-token-aaaaaaaaaaaa', password: 'new-password' },
    }),
    expect: everyone(400),
  },

  // Signed in, own data only
  'GET /api/auth/me': { request: () => ({ path: '/api/auth/me' }), expect: signedIn(200) },
  'GET /api/recordings/history': {
    request: () => ({ path: '/api/recordings/history?limit=20&offset=0' }),
    expect: signedIn(200),
  },
  'GET /api/recordings/search': {
    request: () => ({ path: '/api/recordings/search?q=Bella' }),
    expect: signedIn(200),
  },
  'POST /api/recordings/save': {
    request: () => ({ path: '/api/recordings/save', body: saveBody(fakeAudio('webm', 2000, (seed += 1))) }),
    expect: signedIn(200),
  },
  'POST /api/recordings/save-upload': {
    request: () => ({ path: '/api/recordings/save-upload', body: audioUpload((seed += 1)) }),
    expect: signedIn(200),
  },
  'GET /api/recordings/:id': {
    request: (w, o) => ({ path: `/api/recordings/${w.recording[o]}` }),
    expect: ownPracticeOnly(200),
  },
  'GET /api/recordings/:id/audio': {
    request: (w, o) => ({ path: `/api/recordings/${w.recording[o]}/audio` }),
    expect: ownPracticeOnly(200),
  },
  'GET /api/recordings/:id/notes/versions': {
    request: (w, o) => ({ path: `/api/recordings/${w.recording[o]}/notes/versions` }),
    expect: ownPracticeOnly(200),
  },
  'PUT /api/recordings/:id/notes': {
    request: (w, o) => ({
      path: `/api/recordings/${w.recording[o]}/notes`,
      body: { soapNotes: { subjective: '- Better today' } },
    }),
    expect: ownPracticeOnly(200),
  },
  'PATCH /api/recordings/:id/notes': {
    request: (w, o) => ({
      path: `/api/recordings/${w.recording[o]}/notes`,
      body: { soapNotes: { plan: '- Recheck in 7 days' } },
    }),
    expect: ownPracticeOnly(200),
  },
  'DELETE /api/recordings/:id': {
    request: async (w, o) => ({ path: `/api/recordings/${await w.freshRecording(o)}` }),
    expect: ownPracticeOnly(200),
  },
  // Herd visits (issue 20): the visit is a clinical record of its practice.
  'POST /api/herd-visits': {
    request: () => ({ path: '/api/herd-visits', body: herdForm((seed += 1)) }),
    expect: signedIn(200),
  },
  'POST /api/herd-visits/split': {
    request: () => ({
      path: '/api/herd-visits/split',
      body: {
        transcript: 'Ewe 231 has bottle jaw. Ewe 232 is lame. All 120 ewes dosed with closantel 10 mg/kg.',
      },
    }),
    expect: signedIn(200),
  },
  'GET /api/herd-visits/:id': {
    request: (w, o) => ({ path: `/api/herd-visits/${w.herdVisit[o]}` }),
    expect: ownPracticeOnly(200),
  },
  // Searches the caller's own practice only: another practice's animals are simply not in the answer.
  'GET /api/herd-visits/animal-history': {
    request: () => ({ path: '/api/herd-visits/animal-history?farm=Graham%20Botha&tag=231' }),
    expect: signedIn(200),
  },
  'POST /api/extract': {
    request: () => ({
      path: '/api/extract',
      body: { transcript: 'The cow has been coughing for two days. Temperature 39.5.' },
    }),
    expect: signedIn(200),
  },
  // An empty form: 400 from the validator proves the caller got past the sign-in gate (no audio engine needed).
  'POST /api/transcribe': {
    request: () => ({ path: '/api/transcribe', body: new FormData() }),
    expect: signedIn(400),
  },
  'POST /api/transcript/suggestions': {
    request: () => ({
      path: '/api/transcript/suggestions',
      body: { text: 'Pale Newcastle membranes, given methodonate.' },
    }),
    expect: signedIn(200),
  },
  // Progress ids are per user and in memory; an unknown one is 404 for everyone signed in.
  'GET /api/transcribe/progress/:id': {
    request: () => ({ path: '/api/transcribe/progress/matrix-job-0001' }),
    expect: signedIn(404),
  },

  // Export and practice settings act on the caller's own practice only; there is no object id to cross.
  'POST /api/send-whatsapp': {
    request: () => ({
      path: '/api/send-whatsapp',
      body: { phone: '821234567', countryCode: '+27', consultationData: { patientName: 'Bella' } },
    }),
    expect: signedIn(200),
  },
  // No SMTP_URL in the matrix server: 503 proves the caller got past the sign-in gate.
  'POST /api/send-email': {
    request: () => ({
      path: '/api/send-email',
      body: {
        to: 'owner@example.co.za',
        subject: 'Summary',
        consultationData: { patientName: 'Bella' },
        attachPdf: false,
      },
    }),
    expect: signedIn(503),
  },
  'POST /api/exports/pdf': {
    request: () => ({ path: '/api/exports/pdf', body: { fileName: 'Consultation_Bella_2026-03-14.pdf' } }),
    expect: signedIn(200),
  },
  'GET /api/settings/practice': {
    request: () => ({ path: '/api/settings/practice' }),
    expect: signedIn(200),
  },
  'PUT /api/settings/practice': {
    request: () => ({ path: '/api/settings/practice', body: { practicePhone: '021 555 0100' } }),
    expect: signedIn(200),
  },
  'POST /api/settings/practice/test-email': {
    request: () => ({ path: '/api/settings/practice/test-email', body: {} }),
    expect: signedIn(400),
  },

  // Administrators only (any practice's object)
  'GET /api/admin/users': { request: () => ({ path: '/api/admin/users' }), expect: adminsOnly(200) },
  'GET /api/admin/stats': { request: () => ({ path: '/api/admin/stats' }), expect: adminsOnly(200) },
  'GET /api/admin/audit': { request: () => ({ path: '/api/admin/audit?limit=5' }), expect: adminsOnly(200) },
  'POST /api/admin/users/:id/set-admin': {
    request: (w, o) => ({ path: `/api/admin/users/${w.user(o).id}/set-admin`, body: { isAdmin: false } }),
    expect: adminsOnly(200),
  },
  'POST /api/admin/users/:id/retention': {
    request: (w, o) => ({ path: `/api/admin/users/${w.user(o).id}/retention`, body: { legalHold: false } }),
    expect: adminsOnly(200),
  },
  'DELETE /api/admin/users/:id': {
    request: async (w, o) => ({ path: `/api/admin/users/${await w.freshUser(o)}` }),
    expect: adminsOnly(200),
  },
  'POST /api/admin/retention/purge': {
    request: () => ({ path: '/api/admin/retention/purge', body: { dryRun: true } }),
    expect: adminsOnly(200),
  },
};

/** The app's own route table: method and path of every endpoint (middleware and catch-alls left out). */
function appRoutes(app: ReturnType<typeof createApp>): string[] {
  const keys = app.routes
    .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

function missingRouteMessage(missing: string[], stale: string[]): string {
  const lines = [
    "The authorisation matrix in tests/api/authz-matrix.test.ts does not match the app's routes.",
  ];
  for (const key of missing) {
    lines.push(
      `  Missing: '${key}'. Add a row to \`matrix\`, e.g.`,
      `    '${key}': { request: (w, owner) => ({ path: '...', body: ... }), expect: ownPracticeOnly(200) },`,
      '  using everyone()/signedIn()/adminsOnly()/ownPracticeOnly() or a per-role table { anonymous, practiceAUser, practiceAAdmin, practiceBUser }.',
    );
  }
  for (const key of stale)
    lines.push(`  Stale: '${key}' is in the matrix but the app no longer serves it; remove its row.`);
  return lines.join('\n');
}

describe.each(dialects)('authorisation matrix (%s)', (dialect) => {
  let server: TestServer;
  let world: World;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    const register = async (practiceName: string): Promise<Account & { api: ApiClient }> => {
      const api = new ApiClient(server.baseUrl);
      const account = await registerUser(api, { practiceName });
      return { api, id: account.user.id, email: account.email, password: account.password };
    };
    const userA = await register('Practice A');
    const adminA = await register('Practice A');
    await server.services.admin.bootstrapAdmin({ email: adminA.email });
    const userB = await register('Practice B');
    const saveFor = async (api: ApiClient) => {
      const response = await api.post('/api/recordings/save', saveBody(fakeAudio('webm', 2000, (seed += 1))));
      expect(response.status).toBe(200);
      return ((await response.json()) as { recording: { id: string } }).recording.id;
    };
    const herdVisitFor = async (api: ApiClient) => {
      const response = await api.post('/api/herd-visits', herdForm((seed += 1)));
      expect(response.status).toBe(200);
      return ((await response.json()) as { visit: { id: string } }).visit.id;
    };
    world = {
      server,
      userA,
      adminA,
      userB,
      recording: { A: await saveFor(userA.api), B: await saveFor(userB.api) },
      herdVisit: { A: await herdVisitFor(userA.api), B: await herdVisitFor(userB.api) },
      freshRecording: (owner) => saveFor(owner === 'A' ? userA.api : userB.api),
      freshUser: async (owner) => (await register(owner === 'A' ? 'Practice A' : 'Practice B')).id,
      user: (owner) => (owner === 'A' ? userA : userB),
    };
  });
  afterAll(async () => server?.close());

  it('covers exactly the routes the app serves', () => {
    const served = appRoutes(createApp({ services: server.services }));
    const listed = Object.keys(matrix).sort();
    const missing = served.filter((key) => !listed.includes(key));
    const stale = listed.filter((key) => !served.includes(key));
    expect(missing.length + stale.length, missingRouteMessage(missing, stale)).toBe(0);
  });

  const cases = Object.entries(matrix).flatMap(([key, entry]) =>
    roles.flatMap((role) => owners.map((owner) => ({ key, entry, role, owner }))),
  );

  it(`answers every route × role × object as declared (${Object.keys(matrix).length} routes × ${roles.length} roles × ${owners.length} objects)`, async () => {
    const failures: string[] = [];
    for (const { key, entry, role, owner } of cases) {
      const [method, route] = key.split(' ') as [string, string];
      const { path, body } = await entry.request(world, owner);
      const expected = entry.expect[role];
      const want = typeof expected === 'number' ? expected : expected[owner];
      const headers: Record<string, string> = {};
      if (role !== 'anonymous') {
        const account =
          role === 'practiceAUser' ? world.userA : role === 'practiceAAdmin' ? world.adminA : world.userB;
        // A fresh session per case: logout, login and register end or replace the one they are sent with.
        const { token } = await server.services.sessions.create(account.id);
        headers.cookie = `${SESSION_COOKIE}=${token}`;
      }
      const response = await new ApiClient(server.baseUrl).request(method, path, body, headers);
      if (response.status !== want) {
        failures.push(
          `${key} (${route}) as ${role} on ${owner}'s object: expected ${want}, got ${response.status} ${await response.text()}`,
        );
      } else if (want >= 400) {
        const errorBody = (await response.json()) as { error?: unknown };
        if (typeof errorBody.error !== 'string')
          failures.push(`${key} as ${role}: ${want} without an { error } message`);
      } else {
        await response.arrayBuffer();
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
