import { describe, expect, it } from 'vitest';
import type { LocalRecording } from '../../../web/src/data/local-recording.js';
import {
  extractNotes,
  processRecording,
  ProcessingError,
} from '../../../web/src/data/processing/process-recording.js';

const recording: LocalRecording = {
  id: 'abcdefghijklmnopqrstu',
  audioBlob: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }),
  audioBlobType: 'audio/webm',
  recordingTime: 75,
  recordingStartTime: new Date(2025, 2, 1, 8, 5).toISOString(),
  preConsultationData: { patientName: 'Bessie', clientName: '' },
  needsProcessing: true,
  isOnlineOnly: false,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('processing a recording', () => {
  it('transcribes, then extracts with DD/MM/YYYY, HH:MM, MM:SS metadata and the timed segments', async () => {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    const stages: string[] = [];
    const result = await processRecording(recording, {
      fetch: async (input, init) => {
        const url = String(input);
        calls.push({ url, init });
        if (url === '/api/transcribe') {
          return json({
            transcript: 'The cow is lame.',
            transcriptLanguage: 'en',
            segments: [{ start: 0, end: 2.5, text: 'The cow is lame.', language: 'en' }],
          });
        }
        if (url === '/api/extract') {
          return json({
            clinicalData: { subjective: 'Lame', objective: '', assessment: '', plan: '' },
            evidence: [
              {
                section: 'subjective',
                line: 0,
                bullet: 'Lame',
                spans: [{ start: 11, end: 15, text: 'lame', audioStart: 1, audioEnd: 2 }],
              },
            ],
            safetyFlags: [],
          });
        }
        return json({ error: 'No transcription with that id' }, 404);
      },
      onStage: (stage) => stages.push(stage),
    });
    const transcribe = calls.find((call) => call.url === '/api/transcribe')!;
    const headers = transcribe.init!.headers as Record<string, string>;
    expect(headers['Idempotency-Key']).toBe(recording.id);
    expect(headers['X-Request-Id']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const extractBody = JSON.parse(
      String(calls.find((call) => call.url === '/api/extract')!.init!.body),
    ) as Record<string, unknown>;
    expect(extractBody.recordingMetadata).toEqual({
      consultationDate: '01/03/2025',
      consultationTime: '08:05',
      recordingDuration: '01:15',
    });
    expect(extractBody.preConsultationData).toEqual({ patientName: 'Bessie' }); // empty fields dropped
    expect(extractBody.segments).toEqual([{ start: 0, end: 2.5, text: 'The cow is lame.' }]);
    expect(stages).toEqual(['transcribing', 'extracting']);
    expect(result.evidence[0]!.spans[0]!.audioStart).toBe(1);
    expect(result.safetyFlags).toEqual([]);
    expect(result.segments).toHaveLength(1);
  });

  it('reports the server error of a failed extraction', async () => {
    const attempt = extractNotes(
      {
        transcript: 'x',
        preConsultationData: {},
        recordingStartTime: recording.recordingStartTime,
        recordingTime: 5,
      },
      { fetch: async () => json({ error: 'Transcript is required' }, 400) },
    );
    await expect(attempt).rejects.toBeInstanceOf(ProcessingError);
    await expect(attempt).rejects.toThrow('Transcript is required');
  });
});
