import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir } from '../helpers/browser.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import {
  peerUnavailableReason,
  startWhisperPeer,
  peerTranscriptionEnv,
  type WhisperPeer,
} from '../peers/whisper-peer.js';

/**
 * The recorder sends its local recording id as Idempotency-Key, and background sync or a retry after a
 * dropped connection may send the same upload again: the server must transcribe it once.
 */
const unavailable = peerUnavailableReason();
if (unavailable && process.env.CI) throw new Error(`The whisper peer must be set up in CI: ${unavailable}`);

function shortClip(): Buffer {
  fs.mkdirSync(artifactsDir, { recursive: true });
  const out = path.join(artifactsDir, 'dev-03-6s.webm');
  if (!fs.existsSync(out)) {
    const source = path.resolve('../shared/eval/dev/audio/dev-03.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-i',
      source,
      '-t',
      '6',
      '-c:a',
      'libopus',
      '-b:a',
      '64k',
      out,
    ]);
  }
  return fs.readFileSync(out);
}

describe.skipIf(unavailable !== null)('POST /api/transcribe is idempotent on Idempotency-Key', () => {
  let peer: WhisperPeer;
  let server: TestServer;
  let client: ApiClient;
  const audio = shortClip();

  beforeAll(async () => {
    peer = await startWhisperPeer({ threads: 2, beamSize: 1 });
    server = await startTestServer({
      env: {
        ...peerTranscriptionEnv(peer),
      },
    });
    client = new ApiClient(server.baseUrl);
    await registerUser(client);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const upload = (key: string, bytes: Buffer = audio) => {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'recording.webm');
    return client.post('/api/transcribe', form, { 'Idempotency-Key': key });
  };

  it('replays the first transcript for a repeated upload, and refuses the key for different audio', async () => {
    const key = 'AbCdEfGhIjKlMnOpQrStU';
    const first = await upload(key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const firstBody = (await first.json()) as { transcript: string };
    expect(firstBody.transcript.length).toBeGreaterThan(5);

    const again = await upload(key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);

    const other = await upload(key, audio.subarray(0, Math.floor(audio.length * 0.9)));
    expect(other.status).toBe(422);
  });

  it('runs concurrent duplicates once: one transcription, the rest replays', async () => {
    const key = 'concurrent-upload-0001';
    const responses = await Promise.all([upload(key), upload(key), upload(key)]);
    const statuses = responses.map((response) => response.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const fresh = responses.filter(
      (response) => response.status === 200 && response.headers.get('idempotent-replayed') === null,
    );
    expect(fresh).toHaveLength(1);
    const bodies = await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.json()));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });
});
