import { describe, expect, it } from 'vitest';
import { audioTooLargeMessage } from '#shared/format/audio-limit.js';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import { processRecording, ProcessingError } from '../../../web/src/data/processing/process-recording.js';

/**
 * Issue 14: past the server's limit, POST /api/transcribe answers 413 and cuts the upload, which a browser
 * sees as a network error (and the queue would retry for ever). The PWA learns the limit from
 * GET /api/health and refuses the recording itself, in the server's own words.
 */
const LIMIT = 2_000_000;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function recordingOf(bytes: number): LocalRecording {
  return {
    id: 'abcdefghijklmnopqrstu',
    audioBlob: new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }),
    audioBlobType: 'audio/webm',
    recordingTime: 75,
    recordingStartTime: new Date(2025, 2, 1, 8, 5).toISOString(),
    preConsultationData: {},
    needsProcessing: true,
    isOnlineOnly: false,
  };
}

function server(healthStatus = 200) {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url === '/api/health') {
      return healthStatus === 200
        ? json({
            ok: true,
            limits: { transcribeAudioBytes: LIMIT, recordingAudioBytes: LIMIT, audioSeconds: 2700 },
          })
        : json({ error: 'Not found' }, healthStatus);
    }
    if (url === '/api/transcribe')
      return json({ transcript: 'Die koei is lam.', transcriptLanguage: 'af', segments: [] });
    if (url === '/api/extract') {
      return json({
        clinicalData: { subjective: 'Lam', objective: '', assessment: '', plan: '' },
        evidence: [],
        safetyFlags: [],
      });
    }
    return json({ error: 'Not found' }, 404);
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

describe('the PWA checks the upload limit before it uploads', () => {
  it("refuses a recording over the limit with the server's message, without uploading, not retryable", async () => {
    const peer = server();
    const attempt = processRecording(recordingOf(LIMIT + 1), { fetch: peer.fetch });
    await expect(attempt).rejects.toBeInstanceOf(ProcessingError);
    await expect(attempt).rejects.toMatchObject({
      message: 'The audio file is too large (limit 2 MB)',
      stage: 'transcribing',
      retryable: false,
    });
    expect(audioTooLargeMessage(LIMIT)).toBe('The audio file is too large (limit 2 MB)');
    expect(peer.calls).not.toContain('/api/transcribe');
  });

  it('uploads a recording at the limit', async () => {
    const peer = server();
    const result = await processRecording(recordingOf(LIMIT), { fetch: peer.fetch });
    expect(result.transcript).toBe('Die koei is lam.');
    expect(peer.calls).toContain('/api/transcribe');
  });

  it('still uploads when the limit cannot be learnt (an older server): the server decides', async () => {
    const peer = server(404);
    await processRecording(recordingOf(LIMIT + 1), { fetch: peer.fetch });
    expect(peer.calls).toContain('/api/transcribe');
  });
});
