import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractResponse } from '#shared/schemas/clinical.js';
import { ExtractResponseSchema } from '#shared/schemas/clinical.js';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The route is database-agnostic beyond the session check, so these run on SQLite only.

const CONSULTATION = [
  'Morning. So what is going on with Bella today?',
  'Hi Doctor. She has been vomiting since yesterday and she stopped eating this morning.',
  'Let me have a look. Her temperature is 39.6, heart rate is 110 beats per minute. She weighs 12.4 kg.',
  'I think this is most likely gastroenteritis. The prognosis is good.',
  'I am giving maropitant at 1 mg/kg under the skin. Bring her back in three days for a recheck.',
  'Can I pay by card? Yes, the card machine is at reception.',
].join('\n');

describe('POST /api/extract over HTTP', () => {
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    client = new ApiClient(server.baseUrl);
    await registerUser(client);
  });
  afterAll(async () => server?.close());

  it('requires a signed-in user', async () => {
    const response = await new ApiClient(server.baseUrl).post('/api/extract', { transcript: CONSULTATION });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Not authenticated' });
  });

  it('answers 400 "Transcript is required" for a missing, empty or blank transcript', async () => {
    for (const body of [{}, { transcript: '' }, { transcript: '   \n ' }, { transcript: 42 }]) {
      const response = await client.post('/api/extract', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Transcript is required' });
    }
  });

  it('answers 413 for a transcript over 200 000 characters', async () => {
    const response = await client.post('/api/extract', { transcript: 'a'.repeat(200_001) });
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too long/);
  });

  it('answers 400 with the field name for a malformed pre-consultation species', async () => {
    const response = await client.post('/api/extract', {
      transcript: CONSULTATION,
      preConsultationData: { species: 'Dragons' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/^preConsultationData\.species/);
  });

  it('returns SOAP clinical data with evidence, merged header fields and no small talk', async () => {
    const response = await client.post('/api/extract', {
      transcript: CONSULTATION,
      preConsultationData: {
        clientName: 'Thandi Nkosi',
        patientName: 'Bella',
        species: 'Dogs',
        consultationType: 'Sick animal',
      },
      recordingMetadata: {
        consultationDate: '21/11/2026',
        consultationTime: '09:15',
        recordingDuration: '04:12',
      },
    });
    expect(response.status).toBe(200);
    const body = ExtractResponseSchema.parse(await response.json()) as ExtractResponse;
    const notes = body.clinicalData;
    expect(notes).toMatchObject({
      clientName: 'Thandi Nkosi',
      patientName: 'Bella',
      species: 'Dogs',
      consultationType: 'Sick animal',
      consultationDate: '21/11/2026',
      consultationTime: '09:15',
      recordingDuration: '04:12',
    });
    expect(notes.subjective).toMatch(/vomiting/);
    expect(notes.objective).toContain('Temperature: 39.6 °C');
    expect(notes.objective).toContain('Heart rate: 110 bpm');
    expect(notes.objective).toContain('Weight: 12.4 kg');
    expect(notes.assessment).toMatch(/gastroenteritis/);
    expect(notes.plan).toMatch(/maropitant at 1 mg\/kg SC/);
    expect(JSON.stringify(notes)).not.toMatch(/card|pay/i);
    for (const item of body.evidence) {
      for (const span of item.spans) expect(CONSULTATION.slice(span.start, span.end)).toBe(span.text);
    }
    expect(body.safetyFlags).toEqual([]);
    // Nothing lost silently: the small talk is listed as left out, with its reason and where it was said.
    const leftOut = body.leftOut ?? [];
    expect(leftOut.find((l) => /pay by card/.test(l.text))?.reason).toBe('question');
    expect(leftOut.find((l) => /card machine/.test(l.text))?.reason).toBe('billing');
    for (const line of leftOut) {
      for (const span of line.spans) expect(CONSULTATION.slice(span.start, span.end)).toBe(span.text);
    }
  });

  it('flags a drug that is dangerous for the species without changing the note', async () => {
    const response = await client.post('/api/extract', {
      transcript: 'Plan: give ibuprofen 10 mg/kg by mouth twice a day for the pain.',
      preConsultationData: { species: 'Dogs' },
    });
    const body = (await response.json()) as ExtractResponse;
    expect(body.clinicalData.plan).toMatch(/ibuprofen 10 mg\/kg PO BID/);
    expect(body.safetyFlags.map((f) => f.kind)).toContain('contraindicated-for-species');
  });
});

describe('POST /api/extract with NOTES_PROVIDER=openai and a broken model server', () => {
  let server: TestServer;
  let model: http.Server;
  let calls = 0;
  beforeAll(async () => {
    model = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        calls++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [
              { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'not json at all' } },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    const { port } = model.address() as AddressInfo;
    server = await startTestServer({
      env: {
        NOTES_PROVIDER: 'openai',
        OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        OPENAI_API_KEY: 'test',
        NOTES_OPENAI_MODEL: 'm',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => model?.close(() => resolve()));
  });

  it('retries once, then answers 200 from the embedded extractor with a warning (never a 500)', async () => {
    const client = new ApiClient(server.baseUrl);
    await registerUser(client);
    const response = await client.post('/api/extract', { transcript: CONSULTATION });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ExtractResponse;
    expect(calls).toBe(2);
    expect(body.warnings?.[0]).toMatch(/built-in extractor/);
    expect(body.clinicalData.objective).toContain('Temperature: 39.6 °C');
  });
});
