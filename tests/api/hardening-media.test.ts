/**
 * Issue 14 (hardening), the media and boundary items: practice-name rules at sign-up, transcription
 * progress scoped to the practice, the decoder bound, blob-store sweeps, file modes, server timeouts and
 * the published upload limit. Over real HTTP, on SQLite and PostgreSQL where the item touches the database.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decoderStats } from '../../api/audio/ffmpeg.js';
import { audioTooLargeMessage } from '#shared/format/audio-limit.js';
import { encodeWav } from '../../api/audio/wav.js';
import { registerUser, uniqueEmail } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { dialects, startTestServer, type TestServer } from '../helpers/server.js';
import { startFakeS3 } from '../unit/recordings/fake-s3.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

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

  describe('the blob store is swept of what a kill -9 leaves behind', () => {
    it('the purge removes old *.tmp and unreferenced audio, keeps referenced and young files', async () => {
      const client = new ApiClient(server.baseUrl);
      const { user } = await registerUser(client);
      const saved = await client.post('/api/recordings/save', saveBody(fakeAudio('webm', 20_000, 3)), {
        'Idempotency-Key': `sweep-${dialect}`,
      });
      expect(saved.status).toBe(200);
      const { recording } = (await saved.json()) as { recording: { id: string } };
      const audioRoot = path.join(server.dataDir, 'audio');
      const kept = path.join(audioRoot, user.id, `${recording.id}.webm`);
      expect(fs.existsSync(kept)).toBe(true);
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      const plant = (name: string, old: boolean) => {
        const file = path.join(audioRoot, user.id, name);
        fs.writeFileSync(file, 'leftover');
        if (old) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
        return file;
      };
      fs.utimesSync(kept, twoHoursAgo, twoHoursAgo); // old, but a recording references it
      const oldTemporary = plant(`${recording.id}.webm.0123456789ab.tmp`, true);
      const oldOrphan = plant('rec-killed-before-its-row.webm', true);
      const youngTemporary = plant('rec-in-flight.webm.ba9876543210.tmp', false);
      const youngOrphan = plant('rec-row-not-yet-written.webm', false);

      const report = await server.services.retention.purge();
      expect(report).toMatchObject({ temporaryBlobsDeleted: 1, orphanBlobsDeleted: 1 });
      expect(fs.existsSync(oldTemporary)).toBe(false);
      expect(fs.existsSync(oldOrphan)).toBe(false);
      for (const file of [kept, youngTemporary, youngOrphan]) expect(fs.existsSync(file), file).toBe(true);
      expect((await client.get(`/api/recordings/${recording.id}/audio`)).status).toBe(200);
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

// ---------------------------------------------------------------------------------------------------
// Audio made at test time (small files): ffmpeg's silence source in Opus, and a tone the splitter takes for speech.

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-hardening-media-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** `seconds` of Opus silence in Ogg: a few kB per minute, the shape of the "10 hours in 10 MB". */
function opusSilence(seconds: number): Buffer {
  const file = path.join(workDir, `silence-${seconds}.ogg`);
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      String(seconds),
      '-c:a',
      'libopus',
      '-b:a',
      '6k',
      '-compression_level',
      '0',
      '-frame_duration',
      '60',
      '-y',
      file,
    ]);
  }
  return fs.readFileSync(file);
}

function tone(seconds: number): Buffer {
  const pcm = new Int16Array(16_000 * seconds);
  for (let i = 0; i < pcm.length; i++) {
    pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16_000) * (0.6 + 0.4 * Math.sin(i / 800)));
  }
  return encodeWav(pcm, 16_000);
}

function audioForm(bytes: Uint8Array, name = 'recording.webm'): FormData {
  const body = new FormData();
  body.append('audio', new Blob([Uint8Array.from(bytes)], { type: 'audio/webm' }), name);
  return body;
}

/** ffmpeg/ffprobe processes whose parent is this process (the in-process test server spawns them). */
function ffmpegChildren(): number {
  let count = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces, so parse after the last ')'.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && comm === 'ffmpeg') count++;
    } catch {
      // The process ended while we looked.
    }
  }
  return count;
}

/** An OpenAI-compatible transcription server that holds every request until released. */
async function holdingTranscriptionPeer() {
  const held: Array<() => void> = [];
  let released = false;
  let received = 0;
  const peer = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      const answer = () =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(
            JSON.stringify({ text: 'Die koei is siek.', language: 'afrikaans', duration: 1, segments: [] }),
          );
      if (released) answer();
      else held.push(answer);
    });
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(peer.address() as AddressInfo).port}/v1`,
    received: () => received,
    release() {
      released = true;
      for (const answer of held.splice(0)) answer();
    },
    close: () => new Promise<void>((resolve) => peer.close(() => resolve())),
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('audio decoding is bounded (issue 14, item 5)', { timeout: 180_000 }, () => {
  it('concurrent uploads never run more ffmpeg decoders than TRANSCRIPTION_JOBS', async () => {
    const server = await startTestServer({
      env: {
        TRANSCRIPTION_JOBS: '2',
        TRANSCRIPTION_QUEUE_LENGTH: '20',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      },
    });
    try {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const silence = opusSilence(300); // silent: no piece goes to the engine, the work is all decoding
      decoderStats.peak = decoderStats.running;
      let maxSeen = 0;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          maxSeen = Math.max(maxSeen, ffmpegChildren());
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => client.request('POST', '/api/transcribe', audioForm(silence))),
      );
      sampling = false;
      await sampler;
      for (const response of responses) {
        expect(response.status, await response.clone().text()).toBe(200);
        expect(await response.json()).toMatchObject({ transcript: '', durationSeconds: 300 });
      }
      expect(maxSeen).toBeGreaterThan(0); // the sampler did see the decoders
      expect(maxSeen).toBeLessThanOrEqual(2);
      expect(decoderStats.peak).toBeLessThanOrEqual(2);
    } finally {
      await server.close();
    }
  });

  it('refuses audio longer than MAX_AUDIO_SECONDS with a clear 422, without decoding it', async () => {
    const server = await startTestServer({
      env: { MAX_AUDIO_SECONDS: '60', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
    });
    try {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const startedBefore = decoderStats.started;
      const response = await client.request('POST', '/api/transcribe', audioForm(opusSilence(600)));
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: string }).error).toBe(
        'The recording is longer than the limit of 1 minute; please split it into shorter recordings',
      );
      // The container declared 10 minutes: refused on that, no decode started.
      expect(decoderStats.started).toBe(startedBefore);
    } finally {
      await server.close();
    }
  });

  it('answers 503 with Retry-After when every slot is busy and the queue is full', async () => {
    const peer = await holdingTranscriptionPeer();
    const server = await startTestServer({
      env: {
        TRANSCRIPTION_JOBS: '1',
        TRANSCRIPTION_QUEUE_LENGTH: '1',
        OPENAI_BASE_URL: peer.url,
        OPENAI_API_KEY: 'test',
      },
    });
    try {
      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const speech = tone(3);
      const first = client.request('POST', '/api/transcribe', audioForm(speech));
      await until(() => peer.received() > 0, 'the first job to reach the engine');
      // One slot (busy) and one place in the queue: of two more, one waits (no answer while the engine
      // holds the first) and one is refused at once.
      const later = [0, 1].map(() => client.request('POST', '/api/transcribe', audioForm(speech)));
      const refused = await Promise.race(later);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(/busy/i);
      const settled = await Promise.race([
        Promise.allSettled(later).then(() => 'both answered'),
        new Promise((resolve) => setTimeout(() => resolve('one still queued'), 1_000)),
      ]);
      expect(settled).toBe('one still queued');
      peer.release();
      for (const response of [await first, ...(await Promise.all(later)).filter((r) => r !== refused)]) {
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ transcript: expect.stringContaining('koei') });
      }
    } finally {
      peer.release();
      await server.close();
      await peer.close();
    }
  });
});

describe('the S3 blob store lists and is swept too', () => {
  it('the purge removes unreferenced old objects across listing pages, keeps referenced and young ones', async () => {
    const s3 = await startFakeS3({ listPageSize: 2 });
    const server = await startTestServer({
      env: {
        BLOB_STORE: 's3',
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_PREFIX: 'veldvet/audio/',
      },
    });
    try {
      const client = new ApiClient(server.baseUrl);
      const { user } = await registerUser(client);
      const saved = await client.post('/api/recordings/save', saveBody(fakeAudio('webm', 20_000, 4)), {
        'Idempotency-Key': 'sweep-s3',
      });
      expect(saved.status).toBe(200);
      const { recording } = (await saved.json()) as { recording: { id: string } };
      const referenced = `veldvet/audio/${user.id}/${recording.id}.webm`;
      const template = s3.objects.get(referenced)!;
      const old = new Date(Date.now() - 2 * 3600_000);
      s3.objects.set(referenced, { ...template, lastModified: old });
      for (let i = 0; i < 5; i++)
        s3.objects.set(`veldvet/audio/${user.id}/orphan-${i}.webm`, { ...template, lastModified: old });
      s3.objects.set(`veldvet/audio/${user.id}/young.webm`, { ...template, lastModified: new Date() });
      s3.objects.set('another-installation/audio/x.webm', { ...template, lastModified: old }); // outside S3_PREFIX

      const listed: string[] = [];
      for await (const blob of server.services.blobs.list()) listed.push(blob.key);
      expect(listed).toHaveLength(7);
      expect(listed).toContain(`${user.id}/${recording.id}.webm`);

      const report = await server.services.retention.purge();
      expect(report).toMatchObject({ temporaryBlobsDeleted: 0, orphanBlobsDeleted: 5 });
      expect([...s3.objects.keys()].sort()).toEqual(
        ['another-installation/audio/x.webm', referenced, `veldvet/audio/${user.id}/young.webm`].sort(),
      );
    } finally {
      await server.close();
      await s3.close();
    }
  });
});

describe('the upload limit is published before the upload', () => {
  it('GET /api/health gives the limits (declared in the OpenAPI), and the 413 says the same words', async () => {
    const server = await startTestServer({
      env: { MAX_AUDIO_BYTES: '2000000', MAX_UPLOAD_BYTES: '3000000', MAX_AUDIO_SECONDS: '600' },
    });
    try {
      const health = await fetch(`${server.baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        ok: true,
        limits: { transcribeAudioBytes: 2_000_000, recordingAudioBytes: 3_000_000, audioSeconds: 600 },
      });
      const openapi = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
        paths: Record<
          string,
          { get?: { responses: Record<string, { content: Record<string, { schema: unknown }> }> } }
        >;
      };
      const schema = JSON.stringify(
        openapi.paths['/api/health']?.get?.responses['200']?.content['application/json']?.schema,
      );
      for (const field of ['transcribeAudioBytes', 'recordingAudioBytes', 'audioSeconds'])
        expect(schema).toContain(field);

      const client = new ApiClient(server.baseUrl);
      await registerUser(client);
      const tooLarge = await client.request('POST', '/api/transcribe', audioForm(new Uint8Array(2_000_001)));
      expect(tooLarge.status).toBe(413);
      expect(await tooLarge.json()).toEqual({ error: audioTooLargeMessage(2_000_000) });
    } finally {
      await server.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// The real server process (api/main.ts), for what only happens at boot.

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

interface SpawnedServer {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const child = spawn(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['api/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      RETENTION_PURGE_INTERVAL_HOURS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await until(
    () => /listening on http:\/\/[^:]+:\d+/.test(output) || child.exitCode !== null,
    'the server to listen',
    120_000,
  );
  const port = /listening on http:\/\/[^:]+:(\d+)/.exec(output)?.[1];
  if (!port) throw new Error(`The server did not start:\n${output}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// Spawning tsx and booting take seconds on an idle machine, far longer on a loaded one.
describe('at boot (the real server process)', { timeout: 240_000 }, () => {
  it('sweeps old *.tmp files and unreferenced audio out of the store', async () => {
    const dataDir = fs.mkdtempSync(path.join(workDir, 'boot-'));
    const practiceDir = path.join(dataDir, 'audio', 'practice-1');
    fs.mkdirSync(practiceDir, { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    const oldTemporary = path.join(practiceDir, 'rec-1.webm.0123456789ab.tmp');
    const oldOrphan = path.join(practiceDir, 'rec-2.webm');
    const young = path.join(practiceDir, 'rec-3.webm');
    for (const file of [oldTemporary, oldOrphan, young]) fs.writeFileSync(file, 'leftover of a kill -9');
    for (const file of [oldTemporary, oldOrphan]) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
    // LOG_LEVEL=info: the sweep's line goes through the logger, silent under NODE_ENV=test.
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      await until(() => !fs.existsSync(oldTemporary) && !fs.existsSync(oldOrphan), 'the boot sweep', 30_000);
      expect(fs.existsSync(young)).toBe(true);
      // The line follows the deletions through the logger and a pipe: wait for it rather than race it.
      const line = /removed 1 unfinished uploads and 1 unreferenced audio files/;
      await until(() => line.test(server.output()), 'the sweep line', 30_000);
      expect(server.output()).toMatch(line);
    } finally {
      await server.stop();
    }
  });

  it('makes the data folder, database, -wal/-shm and audio owner-only (0700/0600), and the backups', async () => {
    const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
    // An installation from before the rule: a world-readable folder and database.
    const dataDir = path.join(fs.mkdtempSync(path.join(workDir, 'modes-')), 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const database = path.join(dataDir, 'veldvet.sqlite');
    fs.writeFileSync(database, '');
    fs.chmodSync(database, 0o644);
    const server = await spawnServer({ DATA_DIR: dataDir });
    try {
      const client = new ApiClient(server.baseUrl);
      const { user } = await registerUser(client);
      const saved = await client.post('/api/recordings/save', saveBody(fakeAudio('webm', 20_000, 5)), {
        'Idempotency-Key': 'modes-1',
      });
      expect(saved.status).toBe(200);
      const { recording } = (await saved.json()) as { recording: { id: string } };
      expect(mode(dataDir)).toBe('700');
      for (const file of [database, `${database}-wal`, `${database}-shm`])
        expect(mode(file), file).toBe('600');
      expect(mode(path.join(dataDir, 'audio'))).toBe('700');
      expect(mode(path.join(dataDir, 'audio', user.id))).toBe('700');
      expect(mode(path.join(dataDir, 'audio', user.id, `${recording.id}.webm`))).toBe('600');

      // npm run backup, from a shell with the usual umask 022.
      const out = path.join(workDir, `backup-${Date.now()}`);
      execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['scripts/backup.ts', '--out', out], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir },
        stdio: 'pipe',
      });
      expect(mode(out)).toBe('700');
      expect(mode(path.join(out, 'database.sqlite'))).toBe('600');
      expect(mode(path.join(out, 'manifest.json'))).toBe('600');
      expect(mode(path.join(out, 'audio', user.id))).toBe('700');
      expect(mode(path.join(out, 'audio', user.id, `${recording.id}.webm`))).toBe('600');
    } finally {
      await server.stop();
    }
  });

  it('closes slow-drip connections once the configured header and request timeouts pass', async () => {
    const server = await spawnServer({
      DATA_DIR: fs.mkdtempSync(path.join(workDir, 'drip-')),
      HTTP_HEADERS_TIMEOUT_SECONDS: '2',
      HTTP_REQUEST_TIMEOUT_SECONDS: '4',
    });
    const { port } = new URL(server.baseUrl);
    /** Sends `head` then drips `drip` a few bytes at a time; resolves when the server ends the connection. */
    const dripUntilClosed = (head: string, drip: string) =>
      new Promise<{ seconds: number; answer: string }>((resolve) => {
        const started = Date.now();
        const socket = net.connect(Number(port), '127.0.0.1');
        let answer = '';
        let offset = 0;
        const timer = setInterval(() => {
          if (offset >= drip.length || socket.destroyed) return;
          socket.write(drip.slice(offset, offset + 2));
          offset += 2;
        }, 250);
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('error', () => undefined);
        socket.on('close', () => {
          clearInterval(timer);
          resolve({ seconds: (Date.now() - started) / 1000, answer });
        });
        socket.write(head);
      });
    try {
      // Headers that never end: a byte pair every 250 ms (the drip lasts well over a minute).
      const headers = await dripUntilClosed(
        'GET /api/health HTTP/1.1\r\nHost: x\r\n',
        'X-Slow: ' + 'a'.repeat(1000),
      );
      // A body that never ends, on an anonymous route: headers complete, 2 kB announced, dripped.
      const body = await dripUntilClosed(
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n',
        '{"email":"' + 'a'.repeat(1990),
      );
      // Generous bounds (a busy machine): far below Node's defaults of 60 s and 300 s.
      expect(headers.seconds).toBeGreaterThanOrEqual(1.5);
      expect(headers.seconds).toBeLessThan(30);
      expect(body.seconds).toBeGreaterThanOrEqual(3.5);
      expect(body.seconds).toBeLessThan(30);
      expect(body.answer).toMatch(/^HTTP\/1\.1 408/);
      // The server itself is fine.
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
