/**
 * Worker thread of the embedded extractor (api/providers/notes/embedded.ts): the extraction is pure CPU,
 * up to a few seconds for a 200,000-character transcript, and must not hold the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { extractHerdVisit } from '#shared/notes/herd.js';
import { extractClinicalNotes } from '#shared/notes/index.js';
import type { ExtractRequest } from '#shared/schemas/clinical.js';

parentPort?.on(
  'message',
  ({ id, kind, request }: { id: number; kind: 'notes' | 'herd'; request: ExtractRequest }) => {
    try {
      const response = kind === 'herd' ? extractHerdVisit(request) : extractClinicalNotes(request);
      parentPort?.postMessage({ id, response });
    } catch (error) {
      parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  },
);
