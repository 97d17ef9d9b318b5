import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Dexie from 'dexie';
import { DeviceSettingsDB, DeviceSettingsStore } from '../../../web/src/data/device-settings.js';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import { RecordingsStore, VeldVetDB } from '../../../web/src/data/recordings-db.js';

/**
 * A real HTTP server on 127.0.0.1 answering the three calls processing makes, the way the API does: the
 * queue's fetch goes over the loopback, so 'offline' is a refused connection and 4xx/5xx are real answers.
 */
export type PeerMode = 'ok' | 'refuse' | 'busy' | 'error';

export interface Peer {
  mode: PeerMode;
  /** Idempotency-Key of every POST /api/transcribe that reached the server. */
  uploads: string[];
  fetch: typeof fetch;
  /** Stops listening: requests are refused, as with no network. */
  goOffline(): Promise<void>;
  close(): Promise<void>;
}

const NOTES = { subjective: 'Lame left fore', objective: '', assessment: 'Hoof abscess', plan: 'Poultice' };

export async function startPeer(): Promise<Peer> {
  const uploads: string[] = [];
  const peer = { mode: 'ok' as PeerMode };
  const send = (response: http.ServerResponse, status: number, body: unknown, headers = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (path === '/api/health')
        return send(response, 200, {
          ok: true,
          limits: { transcribeAudioBytes: 5_000_000, recordingAudioBytes: 5_000_000, audioSeconds: 2700 },
        });
      if (path.startsWith('/api/transcribe/progress/')) return send(response, 200, { percent: 50 });
      if (path === '/api/transcribe' && request.method === 'POST') {
        uploads.push(String(request.headers['idempotency-key'] ?? ''));
        if (peer.mode === 'refuse') return send(response, 422, { error: 'The audio could not be read' });
        if (peer.mode === 'busy')
          return send(response, 503, { error: 'Transcription engine busy' }, { 'Retry-After': '120' });
        if (peer.mode === 'error') return send(response, 500, { error: 'Internal error' });
        return send(response, 200, {
          transcript: 'The cow is lame on the left fore.',
          transcriptLanguage: 'en',
        });
      }
      if (path === '/api/extract' && request.method === 'POST')
        return send(response, 200, { clinicalData: NOTES, evidence: [], safetyFlags: [] });
      return send(response, 404, { error: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let open = true;
  const close = () =>
    new Promise<void>((resolve) => {
      if (!open) return resolve();
      open = false;
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return Object.assign(peer, {
    uploads,
    fetch: ((input: string | URL | Request, init?: RequestInit) =>
      fetch(new URL(String(input), base), init)) as typeof fetch,
    goOffline: close,
    close,
  });
}

let counter = 0;

/** Fresh local databases (fake-indexeddb) under unique names; `cleanup` deletes them. */
export function localDatabases() {
  counter += 1;
  const suffix = `${process.pid}-${counter}`;
  const recordingsDb = new VeldVetDB(`VeldVetDB-test-${suffix}`);
  const settingsDb = new DeviceSettingsDB(`VeldVetDeviceDB-test-${suffix}`);
  return {
    recordingsDb,
    settingsDb,
    recordings: new RecordingsStore(recordingsDb),
    settings: new DeviceSettingsStore(settingsDb),
    async cleanup() {
      for (const db of [recordingsDb, settingsDb]) {
        db.close();
        await Dexie.delete(db.name);
      }
    },
  };
}

export function localRecording(id: string, extra: Partial<LocalRecording> = {}): LocalRecording {
  return {
    id,
    audioBlob: new Blob([new Uint8Array(2048).fill(7)], { type: 'audio/webm' }),
    audioBlobType: 'audio/webm',
    recordingTime: 42,
    recordingStartTime: new Date(2026, 10, 23, 9, 30).toISOString(),
    preConsultationData: { patientName: 'Bessie', consultationType: 'Sick animal', isFarmMode: false },
    needsProcessing: true,
    isOnlineOnly: false,
    segmentNumber: 1,
    totalSegments: 1,
    ...extra,
  };
}
