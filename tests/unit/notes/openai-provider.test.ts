import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedNotesExtractor } from '../../../api/providers/notes/embedded.js';
import {
  FALLBACK_WARNING,
  OpenAiNotesExtractor,
  modelNotesJsonSchema,
} from '../../../api/providers/notes/openai.js';
import { NOTES_PROMPT_VERSION } from '../../../api/providers/notes/prompt.js';
import { NotesService } from '../../../api/services/notes-service.js';

const TRANSCRIPT = [
  'Max started vomiting yesterday and would not eat his breakfast.',
  'His temperature is 39.4 and heart rate is 120 beats per minute.',
  'I think this is acute gastroenteritis, and the prognosis is good.',
  'I am giving maropitant at 1 mg/kg under the skin. Bring him back in two days for a recheck.',
].join('\n');

/** A stand-in chat-completions server whose answers the test scripts, one per request. */
interface FakeServer {
  url: string;
  requests: Array<{ path: string; body: Record<string, unknown> }>;
  replies: Array<{ status: number; content?: string }>;
  close(): Promise<void>;
}

async function startFakeServer(): Promise<FakeServer> {
  const state: Pick<FakeServer, 'requests' | 'replies'> = { requests: [], replies: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      state.requests.push({ path: req.url ?? '', body: JSON.parse(raw || '{}') as Record<string, unknown> });
      const reply = state.replies.shift() ?? { status: 500 };
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      if (reply.status !== 200) return res.end(JSON.stringify({ error: { message: 'boom' } }));
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 0,
          model: 'fake',
          choices: [
            { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    ...state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const goodNotes = {
  subjective: 'Vomiting since yesterday, would not eat breakfast',
  objective: 'Temperature 39.4\nHeart rate 120 beats per minute',
  assessment: 'Acute gastroenteritis, prognosis good',
  plan: 'Maropitant 1 mg/kg under the skin\nRecheck in two days',
};

describe('openai notes provider (against a local chat-completions server)', () => {
  let fake: FakeServer;
  // Through NotesService, which owns the one fallback to the embedded extractor.
  let extractor: NotesService;
  beforeAll(async () => {
    fake = await startFakeServer();
    extractor = new NotesService(
      new OpenAiNotesExtractor({
        baseURL: fake.url,
        apiKey: 'test-key',
        model: 'fake-model',
        timeoutMs: 5000,
      }),
      new EmbeddedNotesExtractor(),
    );
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.replies.length = 0;
  });

  it('sends the versioned prompt with a strict json_schema response format derived from zod', async () => {
    fake.replies.push({ status: 200, content: JSON.stringify(goodNotes) });
    const response = await extractor.extract({
      transcript: TRANSCRIPT,
      preConsultationData: { species: 'Dogs' },
    });
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body as {
      model: string;
      response_format: { type: string; json_schema: { strict: boolean; schema: unknown } };
    };
    expect(fake.requests[0]!.path).toBe('/v1/chat/completions');
    expect(body.model).toBe('fake-model');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema).toEqual(modelNotesJsonSchema());
    expect(NOTES_PROMPT_VERSION).toMatch(/^veldvet-notes-/);
    expect(response.warnings ?? []).not.toContain(FALLBACK_WARNING);
    expect(response.clinicalData.plan).toContain('Maropitant 1 mg/kg');
    expect(response.evidence.length).toBeGreaterThan(0);
  });

  it('retries malformed output once and uses the second, valid answer', async () => {
    fake.replies.push(
      { status: 200, content: '{"subjective": "unterminated' },
      { status: 200, content: JSON.stringify(goodNotes) },
    );
    const response = await extractor.extract({ transcript: TRANSCRIPT });
    expect(fake.requests).toHaveLength(2);
    expect(response.warnings ?? []).not.toContain(FALLBACK_WARNING);
    expect(response.clinicalData.assessment).toBe('Acute gastroenteritis, prognosis good');
  });

  it('falls back to the embedded extractor with a warning after two off-schema answers', async () => {
    fake.replies.push(
      { status: 200, content: JSON.stringify({ notes: 'not the schema' }) },
      { status: 200, content: 'Here are your notes: vomiting.' },
    );
    const response = await extractor.extract({ transcript: TRANSCRIPT });
    expect(fake.requests).toHaveLength(2);
    expect(response.warnings?.[0]).toBe(FALLBACK_WARNING);
    expect(response.clinicalData.objective).toContain('Temperature: 39.4 °C');
  });

  it('falls back at once, without a retry, when the server fails', async () => {
    fake.replies.push({ status: 500 });
    const response = await extractor.extract({ transcript: TRANSCRIPT });
    expect(fake.requests).toHaveLength(1);
    expect(response.warnings?.[0]).toBe(FALLBACK_WARNING);
    expect(response.clinicalData.plan).toMatch(/maropitant/i);
  });

  it('drops model bullets the transcript does not support, and says so', async () => {
    fake.replies.push({
      status: 200,
      content: JSON.stringify({
        ...goodNotes,
        plan: `${goodNotes.plan}\nChemotherapy protocol with doxorubicin weekly`,
      }),
    });
    const response = await extractor.extract({ transcript: TRANSCRIPT });
    expect(response.clinicalData.plan).not.toMatch(/doxorubicin/);
    expect(response.warnings?.some((w) => /left out/.test(w))).toBe(true);
  });
});
