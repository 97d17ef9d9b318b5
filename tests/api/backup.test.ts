import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../db/database.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { createPostgresDatabase } from '../helpers/postgres.js';
import { dialects, startTestServer } from '../helpers/server.js';
import { fakeAudio, saveBody } from './recordings-fixtures.js';

const exec = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');

function runScript(script: string, args: string[], env: Record<string, string>) {
  return exec(tsx, [path.join(repoRoot, 'scripts', script), ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', RETENTION_PURGE_INTERVAL_HOURS: '0', ...env },
  });
}

/** Every file under `dir` (relative path → SHA-256), temporary files left out. */
function checksums(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

const TABLES = ['users', 'recordings', 'recordingNoteVersions', 'auditLog', 'sessions'] as const;

async function snapshot(databaseUrl: string | undefined, dataDir: string) {
  const handle = openDatabase({ databaseUrl, dataDir });
  try {
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      const all = (await handle.db.selectFrom(table).selectAll().execute()) as Array<Record<string, unknown>>;
      rows[table] = all.map((row) => JSON.stringify(row)).sort();
    }
    return rows;
  } finally {
    await handle.close();
  }
}

describe.each(dialects)('backup and restore (%s)', (dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('backs up online, survives a wipe, and restores the same records and audio checksums', async () => {
    const server = await startTestServer({ dialect });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await server.close();
    });
    const api = new ApiClient(server.baseUrl);
    await registerUser(api);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await api.post(
        '/api/recordings/save',
        saveBody(fakeAudio('webm', 20_000 + i, 900 + i), { patientName: `Patient ${i}` }),
      );
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as { recording: { id: string } }).recording.id);
    }
    expect(
      (await api.request('PATCH', `/api/recordings/${ids[0]}/notes`, { soapNotes: { plan: '- Recheck' } }))
        .status,
    ).toBe(200);
    expect((await api.delete(`/api/recordings/${ids[2]}`)).status).toBe(200);

    const sourceEnv = {
      DATA_DIR: server.dataDir,
      ...(server.config.DATABASE_URL ? { DATABASE_URL: server.config.DATABASE_URL } : {}),
    };
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-backup-'));
    cleanups.push(() => fs.rmSync(backupDir, { recursive: true, force: true }));
    const out = path.join(backupDir, 'b1');

    // Online: the server keeps serving (and writing) while the backup runs.
    const backup = runScript('backup.ts', ['--out', out], sourceEnv);
    expect((await api.get('/api/recordings/history')).status).toBe(200);
    const { stdout } = await backup;
    expect(stdout).toMatch(/Backup written to .* 3 audio files/);

    const before = await snapshot(server.config.DATABASE_URL, server.dataDir);
    const audioBefore = checksums(path.join(server.dataDir, 'audio'));
    expect(Object.keys(audioBefore)).toHaveLength(3);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
      audio: Array<{ key: string; sha256: string }>;
      migrations: string[];
    };
    expect(Object.fromEntries(manifest.audio.map((entry) => [entry.key, entry.sha256]))).toEqual(audioBefore);
    expect(manifest.migrations).toContain('0003_security');

    // Wipe: the test server removes its data folder and drops its database.
    await server.close();
    closed = true;
    expect(fs.existsSync(server.dataDir)).toBe(false);

    const target = fs.mkdtempSync(path.join(os.tmpdir(), 'veldvet-restored-'));
    cleanups.push(() => fs.rmSync(target, { recursive: true, force: true }));
    const targetDb = dialect === 'postgres' ? await createPostgresDatabase('veldvet_restore') : undefined;
    if (targetDb) cleanups.push(() => targetDb.drop());
    const targetEnv = { DATA_DIR: target, ...(targetDb ? { DATABASE_URL: targetDb.url } : {}) };

    // A damaged backup is refused before anything is touched.
    const damaged = path.join(backupDir, 'damaged');
    fs.cpSync(out, damaged, { recursive: true });
    const firstAudio = path.join(damaged, 'audio', manifest.audio[0]!.key);
    fs.writeFileSync(firstAudio, 'tampered');
    await expect(runScript('restore.ts', ['--from', damaged], targetEnv)).rejects.toMatchObject({
      stderr: expect.stringMatching(/missing or damaged/),
    });

    const restored = await runScript('restore.ts', ['--from', out], targetEnv);
    expect(restored.stdout).toMatch(/1 accounts, 3 recordings, 3 audio files/);
    expect(await snapshot(targetDb?.url, target)).toEqual(before);
    expect(checksums(path.join(target, 'audio'))).toEqual(audioBefore);

    // Restoring over a database with accounts needs --force.
    await expect(runScript('restore.ts', ['--from', out], targetEnv)).rejects.toMatchObject({
      stderr: expect.stringMatching(/--force/),
    });
    await runScript('restore.ts', ['--from', out, '--force'], targetEnv);
    expect(await snapshot(targetDb?.url, target)).toEqual(before);

    // The restored copy works: the app can migrate it and sign the user back in.
    const handle = openDatabase({ databaseUrl: targetDb?.url, dataDir: target });
    await migrateToLatest(handle.db);
    await handle.close();
  });
});
