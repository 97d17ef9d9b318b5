import { randomUUID } from 'node:crypto';
import type { ApiClient } from './http.js';

export interface ProgressSnapshot {
  stage: string;
  percent: number;
  piecesDone: number;
  piecesTotal: number;
  error: string | null;
  errorStatus: number | null;
  result: unknown;
}

/**
 * POST /api/transcribe with `Prefer: respond-async`, then polls its progress until it ends. Long
 * transcriptions in tests go this way (issue 14): no single request waits minutes for its headers, so a
 * busy machine slows the test down instead of tripping undici's 300 s headers timeout. Answers like the
 * synchronous call would: `{ status: 200, body: result }`, or the failure's status and `{ error }`.
 */
export async function transcribeAsync<Body>(
  client: ApiClient,
  form: FormData,
  options: { requestId?: string; onProgress?: (progress: ProgressSnapshot) => void; pollMs?: number } = {},
): Promise<{ status: number; body: Body & { error?: string } }> {
  const requestId = options.requestId ?? `async-${randomUUID()}`;
  const accepted = await client.post('/api/transcribe', form, {
    Prefer: 'respond-async',
    'X-Request-Id': requestId,
  });
  if (accepted.status !== 202)
    return { status: accepted.status, body: (await accepted.json()) as Body & { error?: string } };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
    const response = await client.get(`/api/transcribe/progress/${requestId}`);
    if (response.status !== 200) throw new Error(`Progress of ${requestId} answered ${response.status}`);
    const progress = (await response.json()) as ProgressSnapshot;
    options.onProgress?.(progress);
    if (progress.stage === 'done') return { status: 200, body: progress.result as Body & { error?: string } };
    if (progress.stage === 'failed') {
      return {
        status: progress.errorStatus ?? 500,
        body: { error: progress.error ?? 'failed' } as Body & { error?: string },
      };
    }
  }
}
