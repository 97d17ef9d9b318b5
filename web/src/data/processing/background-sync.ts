import type { ConnectionInfo } from '../connection.js';
import type { DeviceSettings } from '../device-settings.js';
import type { RecordingsStore } from '../recordings-db.js';
import { createProcessingQueue, type ProcessingQueueDeps } from './queue.js';

/**
 * The service worker's Background Sync run (sw/sw.ts, no page open): the same queue and processOne as the
 * page, honouring the same Wi-Fi-only setting. A sync event means the connection is back, so, like the
 * page's `online`, the backoff starts over. Rejects while recordings still wait (Wi-Fi-only on cellular,
 * the network dropped again, a busy server): the browser then fires the sync again later.
 */
export async function processQueueInWorker(deps: {
  store: RecordingsStore;
  settings: { get(): Promise<DeviceSettings> };
  fetch: typeof fetch;
  connection: () => ConnectionInfo;
  onSettled?: ProcessingQueueDeps['onSettled'];
}): Promise<void> {
  const queue = createProcessingQueue(deps);
  await queue.resetBackoff();
  const waiting = (await deps.store.queued()).length;
  if (waiting > 0) throw new Error(`${waiting} recording(s) still waiting to be processed`);
}
