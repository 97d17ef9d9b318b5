/**
 * Worker thread of the embedded extractor (api/providers/notes/embedded.ts): the extraction is pure CPU,
 * up to a few seconds for a 200,000-character transcript, and must not hold the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { extractClinicalNotes } from '#shared/notes/index.js';
import type { ExtractRequest } from '#shared/schemas/clinical.js';

parentPort?.on('message', ({ id, request }: { id: number; request: ExtractRequest }) => {
  try {
    parentPort?.postMessage({ id, response: extractClinicalNotes(request) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
