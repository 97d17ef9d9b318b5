import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../helpers/auth.js';
import { ApiClient } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST /api/transcript/suggestions', () => {
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    client = new ApiClient(server.baseUrl);
    await registerUser(client);
  });
  afterAll(async () => server?.close());

  it('answers the likely mishearings of clinical terms with their offsets, changing nothing', async () => {
    const text = 'Mucous membranes fine. She had methodonate and Newcastle membranes look pale.';
    const response = await client.post('/api/transcript/suggestions', { text });
    expect(response.status).toBe(200);
    const { suggestions } = (await response.json()) as {
      suggestions: Array<{ start: number; end: number; heard: string; suggestion: string }>;
    };
    expect(suggestions.map((s) => [text.slice(s.start, s.end), s.suggestion])).toEqual([
      ['methodonate', 'methadone'],
      ['Newcastle membranes', 'mucous membranes'],
    ]);
  });

  it("offers each of the transcription's term hints where its word stands in the edited text", async () => {
    const text = 'Gave a cylinder injection. The cylinder dose was 10 mg/kg.';
    const response = await client.post('/api/transcript/suggestions', {
      text,
      hints: [{ heard: 'cylinder', suggestion: 'penicillin' }],
    });
    expect(response.status).toBe(200);
    const { suggestions } = (await response.json()) as {
      suggestions: Array<{ start: number; end: number; heard: string; suggestion: string }>;
    };
    expect(suggestions.map((s) => [text.slice(s.start, s.end), s.suggestion])).toEqual([
      ['cylinder', 'penicillin'],
      ['cylinder', 'penicillin'],
    ]);
  });

  it('refuses anonymous callers and bad bodies with 4xx', async () => {
    expect(
      (await new ApiClient(server.baseUrl).post('/api/transcript/suggestions', { text: 'x' })).status,
    ).toBe(401);
    expect((await client.post('/api/transcript/suggestions', {})).status).toBe(400);
    expect((await client.post('/api/transcript/suggestions', { text: 5 })).status).toBe(400);
    expect((await client.post('/api/transcript/suggestions', { text: 'x', other: 1 })).status).toBe(400);
    for (const hints of [
      'cylinder',
      [{ heard: '', suggestion: 'penicillin' }],
      [{ heard: 'cylinder', suggestion: 'x'.repeat(61) }],
      [{ heard: 'cylinder', suggestion: 'penicillin', extra: 1 }],
      Array.from({ length: 101 }, () => ({ heard: 'a', suggestion: 'b' })),
    ])
      expect((await client.post('/api/transcript/suggestions', { text: 'x', hints })).status).toBe(400);
    const tooLong = await client.post('/api/transcript/suggestions', { text: 'a'.repeat(200_001) });
    expect([400, 413]).toContain(tooLong.status);
  });
});
