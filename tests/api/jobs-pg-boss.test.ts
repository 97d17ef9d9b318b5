import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clip } from '../helpers/audio-clip.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { createPostgresDatabase, type ThrowAwayDatabase } from '../helpers/postgres.js';

/**
 * Issue 17: transcription jobs on pg-boss. Two real server processes (npm run serve) share one PostgreSQL
 * database, one blob folder and one OpenAI-compatible engine over HTTP (slow on purpose: each reading takes
 * ENGINE_MS, so jobs are mid-way when a process dies). 20 jobs are accepted, one process is killed with
 * SIGKILL while it runs some, and the other finishes all 20, each exactly once.
 */
const ENGINE_MS = 700;
const TRANSCRIPT = 'Bessie the Jersey cow is eating well and the udder is soft.';

interface Engine {
  /** The engine's address for one server process: the first path segment names the caller. */
  baseUrlFor(caller: string): string;
  calls: number;
  /** Readings under way, by caller. */
  inFlight: Map<string, number>;
  close(): Promise<void>;
}

async function startSlowEngine(): Promise<Engine> {
  const server = http.createServer((request, response) => {
    const caller = request.url?.split('/')[1] ?? '';
    const change = (by: number) => engine.inFlight.set(caller, (engine.inFlight.get(caller) ?? 0) + by);
    change(1);
    request.resume();
    request.on('end', () => {
      engine.calls++;
      setTimeout(() => {
        change(-1);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            text: TRANSCRIPT,
            language: 'english',
            segments: [{ start: 0, end: 2, text: TRANSCRIPT, avg_logprob: -0.2 }],
          }),
        );
      }, ENGINE_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const engine: Engine = {
    baseUrlFor: (caller) => `${origin}/${caller}/v1`,
    calls: 0,
    inFlight: new Map(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return engine;
}

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output: string[];
}

function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve({ child, baseUrl: `http://127.0.0.1:${match[1]}`, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output.join('')}`));
    });
  });
}

describe('transcription jobs on pg-boss (PostgreSQL)', () => {
  let database: ThrowAwayDatabase;
  let engine: Engine;
  let dataDir: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    engine = await startSlowEngine();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-jobs-'));
    const env = {
      NODE_ENV: 'test',
      // The test reads the port from the 'listening on' line.
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      TRANSCRIPTION_PROVIDER: 'openai',
      TRANSCRIPTION_MODEL: 'whisper-base',
      TRANSCRIPTION_LANGUAGES: 'en',
      TRANSCRIPTION_JOBS: '2',
      TRANSCRIPTION_QUEUE_LENGTH: '100',
      // A dead process's jobs come back after its heartbeat stops (the minimum pg-boss allows) …
      JOBS_HEARTBEAT_SECONDS: '10',
      // … and the supervisor looks every second.
      JOBS_SUPERVISE_SECONDS: '1',
      RETENTION_PURGE_INTERVAL_HOURS: '0',
    };
    // One after the other: the first installs pg-boss's schema and runs the migrations.
    servers.push(await startServer({ ...env, OPENAI_BASE_URL: engine.baseUrlFor('doomed') }));
    servers.push(await startServer({ ...env, OPENAI_BASE_URL: engine.baseUrlFor('survivor') }));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await engine?.close();
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('20 jobs, one process killed mid-way: all finish, each exactly once, read from either process', async () => {
    const [doomed, survivor] = servers as [ServerProcess, ServerProcess];
    // Four seconds of a real consultation: speech, so each job reads at least one piece from the engine.
    const audio = clip(path.resolve('../shared/eval/dev/audio/dev-03.webm'), 4);
    const viaDoomed = new ApiClient(doomed.baseUrl);
    const account = await registerUser(viaDoomed);
    const viaSurvivor = new ApiClient(survivor.baseUrl);
    expect(
      (await viaSurvivor.post('/api/auth/login', { email: account.email, password: account.password }))
        .status,
    ).toBe(200);

    const ids = Array.from(
      { length: 20 },
      (_, i) => `pgboss-job-${String(i).padStart(2, '0')}-${Date.now()}`,
    );
    for (const [i, id] of ids.entries()) {
      const form = new FormData();
      form.append('audio', new File([new Uint8Array(audio)], 'consultation.webm', { type: 'audio/webm' }));
      // Half the jobs arrive at each process; either may run any of them.
      const client = i % 2 === 0 ? viaDoomed : viaSurvivor;
      const post = () =>
        client.post('/api/transcribe', form, { Prefer: 'respond-async', 'X-Request-Id': id });
      // A keep-alive socket the server closed as the request went out (a busy machine can pass Node's 5 s
      // idle timeout between requests) fails before the server reads anything: send it once more.
      const accepted = await post().catch(post);
      expect(accepted.status, await accepted.clone().text()).toBe(202);
    }

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const stages = async () =>
        (
          await admin.query<{ stage: string; n: number }>(
            'select stage, count(*)::int as n from jobs group by stage',
          )
        ).rows;
      // Kill the first process once some jobs are done and it is mid-way through one: the engine is reading
      // for it (ENGINE_MS), so that job cannot finish before the kill and the survivor must run it again.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const now = await stages();
        const done = now.find((row) => row.stage === 'done')?.n ?? 0;
        if (done >= 3 && (engine.inFlight.get('doomed') ?? 0) > 0) break;
        if (Date.now() > deadline) throw new Error(`no mid-way point: ${JSON.stringify(now)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      doomed.child.kill('SIGKILL');
      const killedAt = Date.now();

      // Everything is read back through the survivor; progress comes from the job, whoever ran it.
      const results = new Map<
        string,
        { stage: string; result: { transcript: string; provider: string } | null }
      >();
      const finishBy = Date.now() + 120_000;
      while (results.size < ids.length) {
        if (Date.now() > finishBy)
          throw new Error(`unfinished: ${ids.filter((id) => !results.has(id)).join(', ')}`);
        for (const id of ids) {
          if (results.has(id)) continue;
          const response = await viaSurvivor.get(`/api/transcribe/progress/${id}`);
          expect(response.status).toBe(200);
          const progress = (await response.json()) as {
            stage: string;
            result: { transcript: string; provider: string } | null;
          };
          if (progress.stage === 'done' || progress.stage === 'failed') results.set(id, progress);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      console.log(
        `[jobs-pg-boss] all 20 finished ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill; engine readings ${engine.calls}`,
      );
      for (const [id, progress] of results) {
        expect(progress.stage, id).toBe('done');
        expect(progress.result?.transcript).toContain('Bessie the Jersey cow');
      }

      // Exactly once: one finishing process per job, and one completed pg-boss job per row.
      const rows = (
        await admin.query<{ clientId: string; attempts: number; finishedBy: string | null }>(
          'select "clientId", attempts, "finishedBy" from jobs',
        )
      ).rows;
      expect(rows).toHaveLength(20);
      expect(rows.every((row) => row.finishedBy !== null)).toBe(true);
      // A job the killed process finished but could not report to pg-boss stays 'active' there until its
      // heartbeat lapses (10 s here); the survivor then takes it, finds it finished, and completes it unrun.
      await expect
        .poll(
          async () =>
            (
              await admin.query<{ state: string; n: number }>(
                "select state, count(*)::int as n from pgboss.job where name = 'transcription' group by state",
              )
            ).rows,
          { timeout: 90_000, interval: 500 },
        )
        .toEqual([{ state: 'completed', n: 20 }]);
      // The killed process was running something: those jobs were attempted again by the survivor.
      const retried = rows.filter((row) => row.attempts > 1);
      expect(retried.length).toBeGreaterThan(0);
      const finishers = new Set(rows.map((row) => row.finishedBy));
      expect(finishers.size).toBe(2);

      // Scoped to the practice: another practice cannot read these jobs.
      const other = new ApiClient(survivor.baseUrl);
      await registerUser(other);
      expect((await other.get(`/api/transcribe/progress/${ids[0]}`)).status).toBe(404);
    } finally {
      await admin.end();
    }
  }, 240_000);
});
